import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { AGENT_MODE } from "@/lib/runs/results/outcome-separation";
import { foldRunGroups, type RunGroup, type RunGroupMemberRow } from "@/lib/runs/results/run-groups";
import type { RunGroupField } from "@/lib/runs/schemas/run-view";
import { FAIL_SQL, FINITE_SCORE_SQL, PASS_SQL, toNumber } from "./verdict-sql";

interface CountRow {
  key: string | null;
  criterionId: string;
  mode: string;
  calls: unknown;
  passed: unknown;
  failed: unknown;
  scoreSum: number | null;
  scored: unknown;
}

// The group's value for a result, from its transcript `t` (and, for tags, one tag `j` of it), or its call `tc`.
const GROUP_KEY: Record<RunGroupField, Prisma.Sql> = {
  model: Prisma.sql`t."model"`,
  task: Prisma.sql`t."taskId"`,
  tag: Prisma.sql`j."value"`,
  outcome: Prisma.sql`CASE WHEN t."success" IS NULL THEN NULL WHEN t."success" THEN 'success' ELSE 'failure' END`,
  tool: Prisma.sql`tc."toolName"`,
};

/**
 * A run's results grouped by one metadata field of their transcripts, or by their calls' tool
 * (lib/runs/results/run-groups.ts), counted in SQL per group, criterion and mode, over the whole
 * run; an agent-level criterion's results (one per transcript) under the mode AGENT_MODE. A
 * transcript with several tags counts under each; one with none, under no tag. By tool, a
 * group's transcripts are those with a call of that tool.
 */
export async function runResultGroups(prisma: PrismaClient, runId: string, field: RunGroupField): Promise<{ groups: RunGroup[]; more: number }> {
  const tags = field === "tag" ? sqlDialect(prisma).leftJoinJsonTextElements(Prisma.sql`t."tags"`, "j") : Prisma.empty;
  // An agent-level result judges a whole transcript, whatever tools it called: it has no tool to go under.
  const [callRows, agentRows] = await Promise.all([callGroups(prisma, runId, field, tags), field === "tool" ? [] : agentCounts(prisma, runId, field, tags)]);
  return foldRunGroups(
    [...callRows.filter((row) => row.part === "counts"), ...agentRows].map((row) => ({
      key: keyOf(row.key),
      criterionId: String(row.criterionId),
      mode: String(row.mode),
      calls: toNumber(row.calls),
      passed: toNumber(row.passed),
      failed: toNumber(row.failed),
      scoreSum: Number(row.scoreSum ?? 0),
      scored: toNumber(row.scored),
    })),
    callRows
      .filter((row) => row.part === "members")
      .map(
        (row): RunGroupMemberRow => ({
          key: keyOf(row.key),
          transcripts: toNumber(row.transcripts),
          withOutcome: toNumber(row.withOutcome),
          successes: toNumber(row.successes),
          rewarded: toNumber(row.rewarded),
          rewardSum: Number(row.rewardSum ?? 0),
        }),
      ),
  );
}

const keyOf = (key: string | null) => (key === null ? null : String(key));

/** A row of callGroups: a group's counts for one criterion and mode, or what the group's transcripts are. */
interface CallGroupRow extends Omit<CountRow, "criterionId" | "mode"> {
  part: "counts" | "members";
  criterionId: string | null;
  mode: string | null;
  transcripts: unknown;
  withOutcome: unknown;
  successes: unknown;
  rewarded: unknown;
  rewardSum: number | null;
}

/**
 * The calls' results per group, criterion and mode, and each group's transcripts (how many, their
 * outcomes and recorded rewards), in one pass over the run's results: they are folded per
 * transcript first (`per`), so that the group's transcripts are read one row each, not one per
 * result. (At 1.26 million results on SQLite, counting distinct transcripts and calls over the
 * results themselves, and rewards in a second pass, took 15-18 s; this takes 10-12 s.) A
 * transcript counts once per group, whatever criteria and modes judged it: a reward summed beside
 * the verdict counts would weigh it by its calls. Its agent-level results' transcripts count too,
 * but by tool.
 */
function callGroups(prisma: PrismaClient, runId: string, field: RunGroupField, tags: Prisma.Sql): Promise<CallGroupRow[]> {
  const agentMembers =
    field === "tool"
      ? Prisma.empty
      : Prisma.sql`
      UNION
      SELECT ${GROUP_KEY[field]} AS key, t."id" AS id, t."success" AS success, t."reward" AS reward
      FROM "TranscriptEvaluation" e
        JOIN "Transcript" t ON t."id" = e."transcriptId"
        ${tags}
      WHERE e."runId" = ${runId}`;
  return prisma.$queryRaw<CallGroupRow[]>(Prisma.sql`
    WITH per AS MATERIALIZED (
      SELECT ${GROUP_KEY[field]} AS key, e."criterionId" AS "criterionId", e."mode" AS mode, t."id" AS id, t."success" AS success, t."reward" AS reward,
        COUNT(DISTINCT e."toolCallId") AS calls,
        ${VERDICT_COUNTS}
      FROM "Evaluation" e
        JOIN "Criterion" c ON c."id" = e."criterionId"
        JOIN "ToolCall" tc ON tc."id" = e."toolCallId"
        JOIN "Transcript" t ON t."id" = tc."transcriptId"
        ${tags}
      WHERE e."runId" = ${runId}
      GROUP BY 1, e."criterionId", e."mode", t."id", t."success", t."reward"
    )
    SELECT 'counts' AS part, key, "criterionId", mode, SUM(calls) AS calls,
      SUM(passed) AS passed, SUM(failed) AS failed, SUM("scoreSum") AS "scoreSum", SUM(scored) AS scored,
      NULL AS transcripts, NULL AS "withOutcome", NULL AS successes, NULL AS rewarded, NULL AS "rewardSum"
    FROM per
    GROUP BY key, "criterionId", mode
    UNION ALL
    SELECT 'members', m.key, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      COUNT(*), SUM(CASE WHEN m.success IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN m.success THEN 1 ELSE 0 END), COUNT(m.reward), SUM(m.reward)
    FROM (SELECT DISTINCT key, id, success, reward FROM per ${agentMembers}) m
    GROUP BY m.key`);
}

/** Verdicts and scores of the results `e` (of criteria `c`), as a group's columns. */
const VERDICT_COUNTS = Prisma.sql`
      SUM(CASE WHEN ${PASS_SQL} THEN 1 ELSE 0 END) AS passed,
      SUM(CASE WHEN ${FAIL_SQL} THEN 1 ELSE 0 END) AS failed,
      SUM(CASE WHEN ${FINITE_SCORE_SQL} THEN e.score END) AS "scoreSum",
      SUM(CASE WHEN ${FINITE_SCORE_SQL} THEN 1 ELSE 0 END) AS scored`;

/** The agent-level results, one per transcript: no calls of their own, so no tool to group by. */
function agentCounts(prisma: PrismaClient, runId: string, field: Exclude<RunGroupField, "tool">, tags: Prisma.Sql): Promise<CountRow[]> {
  return prisma.$queryRaw<CountRow[]>(Prisma.sql`
    SELECT ${GROUP_KEY[field]} AS key, e."criterionId" AS "criterionId", ${Prisma.raw(`'${AGENT_MODE}'`)} AS mode,
      0 AS calls,
      ${VERDICT_COUNTS}
    FROM "TranscriptEvaluation" e
      JOIN "Criterion" c ON c."id" = e."criterionId"
      JOIN "Transcript" t ON t."id" = e."transcriptId"
      ${tags}
    WHERE e."runId" = ${runId}
    GROUP BY 1, e."criterionId"`);
}
