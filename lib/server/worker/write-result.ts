import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judges/types";
import type { SettledOutcome } from "./outcome";
import { asJson, asNumber, sqlDate } from "./sql";
import { withWorkerDb, writeTransaction, type WorkerDb } from "./worker-db";
import { writeComparisons, type WrittenSide } from "./write-comparisons";

export interface ResultToWrite {
  evaluation: { id: string; runId: string };
  outcome: SettledOutcome;
}

function cacheable(result: JudgeResult): unknown {
  // Usage stays out of the cache: a hit costs nothing, and must not look as if it did.
  const { usage: _usage, ...rest } = result;
  return rest;
}

/** One row of the batch as json_each reads it: JSON columns travel as their text. */
function resultRow({ evaluation, outcome }: ResultToWrite) {
  const common = { id: evaluation.id, judgeId: outcome.judgeId, cacheKey: outcome.cacheKey, latencyMs: outcome.latencyMs, attempts: outcome.attempts };
  if (outcome.status === "error") {
    return { ...common, status: "error", score: null, passed: null, explanation: null, findings: null, measuredBy: null, usage: null, costUsd: null, cached: false, error: outcome.error, errorKind: outcome.errorKind };
  }
  const { result, cached } = outcome;
  const usage = cached ? undefined : result.usage;
  return {
    ...common,
    status: outcome.status,
    score: result.score,
    passed: result.passed,
    explanation: result.explanation,
    findings: asJson(result.findings),
    measuredBy: result.measuredBy ? asJson(result.measuredBy) : null,
    usage: usage ? asJson(usage) : null,
    costUsd: usage?.costUsd ?? null,
    cached,
    error: null,
    errorKind: null,
  };
}

// Only rows still running under this worker's claim are written; RETURNING says which. The unary
// + keeps SQLite from driving the update by the status index (every running row, for each row of
// the batch): the batch's ids are the way in.
const UPDATE_RESULTS = `
UPDATE "Evaluation" SET
  "status" = v."status", "score" = v."score", "passed" = v."passed", "explanation" = v."explanation",
  "findings" = v."findings", "measuredBy" = v."measuredBy", "usage" = v."usage", "costUsd" = v."costUsd",
  "cached" = v."cached", "error" = v."error", "errorKind" = v."errorKind", "judgeId" = v."judgeId",
  "cacheKey" = v."cacheKey", "latencyMs" = v."latencyMs", "attempts" = "Evaluation"."attempts" + v."attempts", "finishedAt" = ?
FROM (
  SELECT j.value ->> '$.id' AS "id", j.value ->> '$.status' AS "status", j.value ->> '$.score' AS "score",
         j.value ->> '$.passed' AS "passed", j.value ->> '$.explanation' AS "explanation", j.value ->> '$.findings' AS "findings",
         j.value ->> '$.measuredBy' AS "measuredBy", j.value ->> '$.usage' AS "usage", j.value ->> '$.costUsd' AS "costUsd",
         j.value ->> '$.cached' AS "cached", j.value ->> '$.error' AS "error", j.value ->> '$.errorKind' AS "errorKind",
         j.value ->> '$.judgeId' AS "judgeId", j.value ->> '$.cacheKey' AS "cacheKey", j.value ->> '$.latencyMs' AS "latencyMs",
         j.value ->> '$.attempts' AS "attempts"
  FROM json_each(?) AS j
) AS v
WHERE "Evaluation"."id" = v."id" AND +"Evaluation"."status" = 'running' AND +"Evaluation"."claimedBy" = ?
RETURNING "Evaluation"."id" AS "id", "Evaluation"."toolCallId" AS "toolCallId", "Evaluation"."criterionId" AS "criterionId"`;

const INSERT_CACHE = `
INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt")
SELECT j.value ->> '$.key', j.value ->> '$.judgeId', j.value ->> '$.result', ? FROM json_each(?) AS j WHERE true
ON CONFLICT ("key") DO NOTHING`;

const COUNT_RUN = `
UPDATE "Run" SET "doneCount" = "doneCount" + ?, "errorCount" = "errorCount" + ?, "cacheHits" = "cacheHits" + ?
WHERE "id" = ? RETURNING "status", "total", "doneCount", "errorCount", "materialising"`;

const FINISH_RUN = `UPDATE "Run" SET "status" = 'done', "finishedAt" = ? WHERE "id" = ?`;

/**
 * Writes results, each exactly once: a row is updated only while it is still running under this
 * worker's claim. A worker whose claim was released meanwhile (lease expired, presumed dead, and
 * perhaps re-claimed by another) writes nothing for that row and gets false for it. Cache entries,
 * run counters and, for runs judged in both modes, the immediate-versus-hindsight comparisons
 * change in the same transaction, and a run whose last open row this was is marked done.
 * A handful of statements per group, whatever its size. Returns, per entry, whether it was written.
 */
export async function writeResults(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date = new Date()): Promise<boolean[]> {
  if (!entries.length) return [];
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => writeInTransaction(db, workerId, entries, now)));
}

function writeInTransaction(db: WorkerDb, workerId: string, entries: readonly ResultToWrite[], now: Date): boolean[] {
  const stamp = sqlDate(now);
  const returned = db.statement(UPDATE_RESULTS).all(stamp, asJson(entries.map(resultRow)), workerId) as { id: string; toolCallId: string; criterionId: string }[];
  const writtenRows = new Map(returned.map((row) => [row.id, row]));
  const counters = new Map<string, { done: number; error: number; cached: number }>();
  const cacheRows = new Map<string, { key: string; judgeId: string; result: string }>();
  const sides: WrittenSide[] = [];
  for (const { evaluation, outcome } of entries) {
    const row = writtenRows.get(evaluation.id);
    if (!row) continue;
    sides.push({ runId: evaluation.runId, toolCallId: row.toolCallId, criterionId: row.criterionId });
    const counter = counters.get(evaluation.runId) ?? { done: 0, error: 0, cached: 0 };
    counters.set(evaluation.runId, counter);
    if (outcome.status === "error") {
      counter.error++;
      continue;
    }
    counter.done++;
    if (outcome.cached) counter.cached++;
    else if (outcome.cacheKey && outcome.judgeId) cacheRows.set(outcome.cacheKey, { key: outcome.cacheKey, judgeId: outcome.judgeId, result: asJson(cacheable(outcome.result)) });
  }
  if (cacheRows.size) db.statement(INSERT_CACHE).run(stamp, asJson([...cacheRows.values()]));
  writeComparisons(db, sides, now);
  for (const [runId, counter] of counters) {
    const run = db.statement(COUNT_RUN).get(counter.done, counter.error, counter.cached, runId) as { status: string; total: unknown; doneCount: unknown; errorCount: unknown; materialising: unknown } | undefined;
    // The whole group fails; the writer then writes its entries one by one, isolating this one.
    if (!run) throw new Error(`run ${runId} of evaluation results no longer exists`);
    // A run still being materialised has more rows to come: the last materialising batch closes it if need be.
    if (!asNumber(run.materialising) && asNumber(run.doneCount) + asNumber(run.errorCount) >= asNumber(run.total) && (run.status === "pending" || run.status === "running")) {
      db.statement(FINISH_RUN).run(stamp, runId);
    }
  }
  return entries.map(({ evaluation }) => writtenRows.has(evaluation.id));
}

export async function writeResult(
  prisma: PrismaClient,
  workerId: string,
  evaluation: { id: string; runId: string },
  outcome: SettledOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  const [written] = await writeResults(prisma, workerId, [{ evaluation, outcome }], now);
  return written;
}
