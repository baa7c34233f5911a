import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { AGENT_MODE, verdictsVsOutcome, type CriterionOutcome, type OutcomeBucket } from "@/lib/runs/results/outcome-separation";

export { AGENT_MODE };
import { asBoolean, FAIL_SQL, FINITE_SCORE_SQL, PASS_SQL, toNumber } from "./verdict-sql";

/** A call's score for the lowest-score measure: the judge's finite score, else 1/0 for a bare pass/fail verdict. */
const CALL_SCORE_SQL = Prisma.sql`CASE WHEN ${FINITE_SCORE_SQL} THEN e.score WHEN e.status = 'done' AND e.passed IS NOT NULL THEN (CASE WHEN e.passed = TRUE THEN 1.0 ELSE 0.0 END) END`;

interface BucketRow {
  criterionId: string;
  mode: string;
  success: unknown;
  minScore: number | null;
  transcripts: unknown;
  passed: unknown;
  failed: unknown;
  scoreSum: number | null;
  scored: unknown;
}

/**
 * The run's verdicts against the outcome its transcripts' metadata gives (lib/runs/results/
 * outcome-separation.ts), for call-level criteria per mode and for agent-level criteria (mode
 * AGENT_MODE, the transcript's one result standing for its lowest score). SQL folds the results
 * per transcript (verdict counts, score sum, lowest call score), then into buckets of transcripts
 * that share criterion, mode, outcome and lowest score, so what reaches JavaScript is small however
 * many results the run holds. Transcripts without an outcome are left out.
 */
export async function runOutcomeVerdicts(prisma: PrismaClient, runId: string): Promise<CriterionOutcome[]> {
  const [callRows, agentRows] = await Promise.all([callBuckets(prisma, runId), agentBuckets(prisma, runId)]);
  return verdictsVsOutcome([...callRows, ...agentRows].map(toBucket));
}

function callBuckets(prisma: PrismaClient, runId: string): Promise<BucketRow[]> {
  return prisma.$queryRaw<BucketRow[]>(Prisma.sql`
    WITH per AS (
      SELECT e."criterionId" AS "criterionId", e."mode" AS mode, tc."transcriptId" AS "transcriptId",
        SUM(CASE WHEN ${PASS_SQL} THEN 1 ELSE 0 END) AS passed,
        SUM(CASE WHEN ${FAIL_SQL} THEN 1 ELSE 0 END) AS failed,
        SUM(${CALL_SCORE_SQL}) AS "scoreSum",
        COUNT(${CALL_SCORE_SQL}) AS scored,
        MIN(${CALL_SCORE_SQL}) AS "minScore"
      FROM "Evaluation" e JOIN "Criterion" c ON c."id" = e."criterionId" JOIN "ToolCall" tc ON tc."id" = e."toolCallId"
      WHERE e."runId" = ${runId}
      GROUP BY e."criterionId", e."mode", tc."transcriptId"
    )
    SELECT per."criterionId" AS "criterionId", per.mode AS mode, t."success" AS success, per."minScore" AS "minScore",
      COUNT(*) AS transcripts, SUM(per.passed) AS passed, SUM(per.failed) AS failed, SUM(COALESCE(per."scoreSum", 0)) AS "scoreSum", SUM(per.scored) AS scored
    FROM per JOIN "Transcript" t ON t."id" = per."transcriptId"
    WHERE t."success" IS NOT NULL
    GROUP BY per."criterionId", per.mode, t."success", per."minScore"
    ORDER BY per."criterionId", per.mode, t."success", per."minScore"`);
}

/** One result per transcript: its score (or 1/0 for a bare verdict) is the transcript's lowest. */
function agentBuckets(prisma: PrismaClient, runId: string): Promise<BucketRow[]> {
  return prisma.$queryRaw<BucketRow[]>(Prisma.sql`
    WITH per AS (
      SELECT e."criterionId" AS "criterionId", t."success" AS success, ${CALL_SCORE_SQL} AS score,
        CASE WHEN ${PASS_SQL} THEN 1 ELSE 0 END AS passed, CASE WHEN ${FAIL_SQL} THEN 1 ELSE 0 END AS failed
      FROM "TranscriptEvaluation" e JOIN "Criterion" c ON c."id" = e."criterionId" JOIN "Transcript" t ON t."id" = e."transcriptId"
      WHERE e."runId" = ${runId} AND t."success" IS NOT NULL
    )
    SELECT per."criterionId" AS "criterionId", ${Prisma.raw(`'${AGENT_MODE}'`)} AS mode, per.success AS success, per.score AS "minScore",
      COUNT(*) AS transcripts, SUM(per.passed) AS passed, SUM(per.failed) AS failed, SUM(COALESCE(per.score, 0)) AS "scoreSum", COUNT(per.score) AS scored
    FROM per
    GROUP BY per."criterionId", per.success, per.score
    ORDER BY per."criterionId", per.success, per.score`);
}

const toBucket = (row: BucketRow): OutcomeBucket => ({
  criterionId: row.criterionId,
  mode: row.mode,
  success: asBoolean(row.success) === true,
  minScore: row.minScore === null ? null : Number(row.minScore),
  transcripts: toNumber(row.transcripts),
  passed: toNumber(row.passed),
  failed: toNumber(row.failed),
  scoreSum: Number(row.scoreSum ?? 0),
  scored: toNumber(row.scored),
});
