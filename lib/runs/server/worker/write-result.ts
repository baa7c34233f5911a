import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { FINAL_BEFORE_DONE_COST_MS } from "@/lib/runs/results/run-snapshot";
import { dialectOf } from "@/lib/platform/db/dialect";
import type { ResultToWrite, SettledOutcome } from "./outcome";
import { writeResultsPostgres } from "./postgres/results";
import { countOutcome, type RunCounter } from "./run-counters";
import { asJson, asNumber, sqlDate } from "./sql";
import { withWorkerDb, writeTransaction, type WorkerDb } from "./worker-db";
import { writeComparisons, type WrittenSide } from "./write-comparisons";

export type { ResultToWrite } from "./outcome";

function cacheable(result: JudgeResult): unknown {
  // Usage stays out of the cache: a hit costs nothing, and must not look as if it did.
  const { usage: _usage, ...rest } = result;
  return rest;
}

/** One row's parameters, in UPDATE_RESULT's order; JSON columns as their text, booleans as SQLite's 0/1. */
function resultParameters({ evaluation, outcome }: ResultToWrite, stamp: string, workerId: string): unknown[] {
  const tail = [outcome.judgeId, outcome.cacheKey, outcome.latencyMs, outcome.attempts, stamp, evaluation.id, workerId];
  if (outcome.status === "error") return ["error", null, null, null, null, null, null, null, 0, outcome.error, outcome.errorKind, ...tail];
  const { result, cached } = outcome;
  const usage = cached ? undefined : result.usage;
  return [
    outcome.status,
    result.score,
    result.passed === null ? null : result.passed ? 1 : 0,
    result.explanation,
    asJson(result.findings),
    result.measuredBy ? asJson(result.measuredBy) : null,
    usage ? asJson(usage) : null,
    usage?.costUsd ?? null,
    cached ? 1 : 0,
    null,
    null,
    ...tail,
  ];
}

// One prepared statement per row, on the primary key: cheaper than one statement over the whole
// group as a JSON parameter, which serialised every result a second time and had SQLite parse it
// back and extract each column. Only a row still running under this worker's claim is written;
// RETURNING says whether it was.
const SET_RESULT = `
  "status" = ?, "score" = ?, "passed" = ?, "explanation" = ?, "findings" = ?, "measuredBy" = ?, "usage" = ?, "costUsd" = ?,
  "cached" = ?, "error" = ?, "errorKind" = ?, "judgeId" = ?, "cacheKey" = ?, "latencyMs" = ?, "attempts" = "attempts" + ?, "finishedAt" = ?
WHERE "id" = ? AND +"status" = 'running' AND +"claimedBy" = ?`;
const UPDATE_RESULT = `UPDATE "Evaluation" SET ${SET_RESULT} RETURNING "toolCallId", "criterionId"`;
// Agent-level results: the same columns and claim guard on their own table, and no comparisons (they have no mode).
const UPDATE_TRANSCRIPT_RESULT = `UPDATE "TranscriptEvaluation" SET ${SET_RESULT} RETURNING "criterionId"`;

const INSERT_CACHE = `INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt") VALUES (?, ?, ?, ?) ON CONFLICT ("key") DO NOTHING`;

const COUNT_RUN = `
UPDATE "Run" SET "doneCount" = "doneCount" + ?, "notApplicableCount" = "notApplicableCount" + ?, "errorCount" = "errorCount" + ?, "cacheHits" = "cacheHits" + ?
WHERE "id" = ? RETURNING "status", "total", "doneCount", "errorCount", "materialising"`;

const FINISH_RUN = `UPDATE "Run" SET "status" = 'done', "finishedAt" = ? WHERE "id" = ?`;
// Closed by the worker once its final snapshots are taken (FINAL_BEFORE_DONE_COST_MS).
const COSTLY_STATS = `SELECT 1 FROM "RunSnapshot" WHERE "runId" = ? AND "kind" = 'stats' AND "costMs" >= ?`;

/**
 * Writes results, each exactly once: a row is updated only while it is still running under this
 * worker's claim. A worker whose claim was released meanwhile (lease expired, presumed dead, and
 * perhaps re-claimed by another) writes nothing for that row and gets false for it. Cache entries,
 * run counters and, for runs judged in both modes, the immediate-versus-hindsight comparisons
 * change in the same transaction, and a run whose last open row this was is marked done (unless
 * its statistics are costly: the worker closes it after its final snapshots, FINAL_BEFORE_DONE_COST_MS).
 * A handful of statements per group, whatever its size. Returns, per entry, whether it was written.
 */
export async function writeResults(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date = new Date()): Promise<boolean[]> {
  if (!entries.length) return [];
  if (dialectOf(prisma) === "postgresql") return writeResultsPostgres(prisma, workerId, entries, now);
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => writeInTransaction(db, workerId, entries, now)));
}

function writeInTransaction(db: WorkerDb, workerId: string, entries: readonly ResultToWrite[], now: Date): boolean[] {
  const stamp = sqlDate(now);
  const update = db.statement(UPDATE_RESULT);
  const updateTranscript = db.statement(UPDATE_TRANSCRIPT_RESULT);
  const counters = new Map<string, RunCounter>();
  const cacheRows = new Map<string, { judgeId: string; result: string }>();
  const sides: WrittenSide[] = [];
  const written = entries.map((entry) => {
    const { evaluation, outcome } = entry;
    const agent = evaluation.scope === "agent";
    const row = (agent ? updateTranscript : update).get(...resultParameters(entry, stamp, workerId)) as { toolCallId?: string; criterionId: string } | undefined;
    if (!row) return false;
    if (!agent && row.toolCallId) sides.push({ runId: evaluation.runId, toolCallId: row.toolCallId, criterionId: row.criterionId });
    countOutcome(counters, evaluation.runId, outcome);
    if (outcome.status !== "error" && !outcome.cached && outcome.cacheKey && outcome.judgeId) cacheRows.set(outcome.cacheKey, { judgeId: outcome.judgeId, result: asJson(cacheable(outcome.result)) });
    return true;
  });
  const insertCache = db.statement(INSERT_CACHE);
  for (const [key, row] of cacheRows) insertCache.run(key, row.judgeId, row.result, stamp);
  writeComparisons(db, sides, now);
  for (const [runId, counter] of counters) {
    const run = db.statement(COUNT_RUN).get(counter.done, counter.notApplicable, counter.error, counter.cached, runId) as { status: string; total: unknown; doneCount: unknown; errorCount: unknown; materialising: unknown } | undefined;
    // The whole group fails; the writer then writes its entries one by one, isolating this one.
    if (!run) throw new Error(`run ${runId} of evaluation results no longer exists`);
    // A run still being materialised has more rows to come: the last materialising batch closes it if need be.
    if (!asNumber(run.materialising) && asNumber(run.doneCount) + asNumber(run.errorCount) >= asNumber(run.total) && (run.status === "pending" || run.status === "running")) {
      if (db.statement(COSTLY_STATS).get(runId, FINAL_BEFORE_DONE_COST_MS) === undefined) db.statement(FINISH_RUN).run(stamp, runId);
    }
  }
  return written;
}

export async function writeResult(
  prisma: PrismaClient,
  workerId: string,
  evaluation: ResultToWrite["evaluation"],
  outcome: SettledOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  const [written] = await writeResults(prisma, workerId, [{ evaluation, outcome }], now);
  return written;
}
