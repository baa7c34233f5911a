import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { AGENT_MODE } from "@/lib/runs/results/outcome-separation";
import { foldRunGroups, type RunGroup, type RunGroupRewardRow } from "@/lib/runs/results/run-groups";
import type { RunGroupField } from "@/lib/runs/schemas/run-view";
import { FAIL_SQL, FINITE_SCORE_SQL, PASS_SQL, toNumber } from "./verdict-sql";

interface CountRow {
  key: string | null;
  criterionId: string;
  mode: string;
  transcripts: unknown;
  withOutcome: unknown;
  successes: unknown;
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
  const [callRows, agentRows, rewards] = await Promise.all([
    callCounts(prisma, runId, field, tags),
    field === "tool" ? [] : agentCounts(prisma, runId, field, tags),
    rewardSums(prisma, runId, field, tags),
  ]);
  return foldRunGroups(
    [...callRows, ...agentRows].map((row) => ({
      key: row.key === null ? null : String(row.key),
      criterionId: row.criterionId,
      mode: row.mode,
      transcripts: toNumber(row.transcripts),
      withOutcome: toNumber(row.withOutcome),
      successes: toNumber(row.successes),
      calls: toNumber(row.calls),
      passed: toNumber(row.passed),
      failed: toNumber(row.failed),
      scoreSum: Number(row.scoreSum ?? 0),
      scored: toNumber(row.scored),
    })),
    rewards.map((row): RunGroupRewardRow => ({ key: row.key === null ? null : String(row.key), rewarded: toNumber(row.rewarded), rewardSum: Number(row.rewardSum ?? 0) })),
  );
}

interface RewardRow {
  key: string | null;
  rewarded: unknown;
  rewardSum: number | null;
}

/**
 * Each group's recorded rewards, every transcript once (a transcript has many results, so a sum
 * beside the verdict counts would weigh it by its calls): the transcripts judged by the run's
 * call results or, but by tool, its agent-level results.
 */
function rewardSums(prisma: PrismaClient, runId: string, field: RunGroupField, tags: Prisma.Sql): Promise<RewardRow[]> {
  const agentMembers =
    field === "tool"
      ? Prisma.empty
      : Prisma.sql`
      UNION
      SELECT ${GROUP_KEY[field]} AS key, t."id" AS id, t."reward" AS reward
      FROM "TranscriptEvaluation" e
        JOIN "Transcript" t ON t."id" = e."transcriptId"
        ${tags}
      WHERE e."runId" = ${runId}`;
  return prisma.$queryRaw<RewardRow[]>(Prisma.sql`
    SELECT m.key AS key, COUNT(m.reward) AS rewarded, SUM(m.reward) AS "rewardSum"
    FROM (
      SELECT DISTINCT ${GROUP_KEY[field]} AS key, t."id" AS id, t."reward" AS reward
      FROM "Evaluation" e
        JOIN "ToolCall" tc ON tc."id" = e."toolCallId"
        JOIN "Transcript" t ON t."id" = tc."transcriptId"
        ${tags}
      WHERE e."runId" = ${runId}
      ${agentMembers}
    ) m
    GROUP BY m.key`);
}

/** How many of the group's transcripts `t` have an outcome, and how many succeeded. */
const OUTCOME_COUNTS = Prisma.sql`
      COUNT(DISTINCT CASE WHEN t."success" IS NOT NULL THEN t."id" END) AS "withOutcome",
      COUNT(DISTINCT CASE WHEN t."success" THEN t."id" END) AS successes`;

/** Verdicts and scores of the results `e` (of criteria `c`), as a group's columns. */
const VERDICT_COUNTS = Prisma.sql`
      SUM(CASE WHEN ${PASS_SQL} THEN 1 ELSE 0 END) AS passed,
      SUM(CASE WHEN ${FAIL_SQL} THEN 1 ELSE 0 END) AS failed,
      SUM(CASE WHEN ${FINITE_SCORE_SQL} THEN e.score END) AS "scoreSum",
      SUM(CASE WHEN ${FINITE_SCORE_SQL} THEN 1 ELSE 0 END) AS scored`;

function callCounts(prisma: PrismaClient, runId: string, field: RunGroupField, tags: Prisma.Sql): Promise<CountRow[]> {
  return prisma.$queryRaw<CountRow[]>(Prisma.sql`
    SELECT ${GROUP_KEY[field]} AS key, e."criterionId" AS "criterionId", e."mode" AS mode,
      COUNT(DISTINCT tc."transcriptId") AS transcripts, COUNT(DISTINCT e."toolCallId") AS calls,
      ${OUTCOME_COUNTS},
      ${VERDICT_COUNTS}
    FROM "Evaluation" e
      JOIN "Criterion" c ON c."id" = e."criterionId"
      JOIN "ToolCall" tc ON tc."id" = e."toolCallId"
      JOIN "Transcript" t ON t."id" = tc."transcriptId"
      ${tags}
    WHERE e."runId" = ${runId}
    GROUP BY 1, e."criterionId", e."mode"`);
}

/** The agent-level results, one per transcript: no calls of their own, so no tool to group by. */
function agentCounts(prisma: PrismaClient, runId: string, field: Exclude<RunGroupField, "tool">, tags: Prisma.Sql): Promise<CountRow[]> {
  return prisma.$queryRaw<CountRow[]>(Prisma.sql`
    SELECT ${GROUP_KEY[field]} AS key, e."criterionId" AS "criterionId", ${Prisma.raw(`'${AGENT_MODE}'`)} AS mode,
      COUNT(DISTINCT e."transcriptId") AS transcripts, 0 AS calls,
      ${OUTCOME_COUNTS},
      ${VERDICT_COUNTS}
    FROM "TranscriptEvaluation" e
      JOIN "Criterion" c ON c."id" = e."criterionId"
      JOIN "Transcript" t ON t."id" = e."transcriptId"
      ${tags}
    WHERE e."runId" = ${runId}
    GROUP BY 1, e."criterionId"`);
}
