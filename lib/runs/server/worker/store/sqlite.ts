import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { FINAL_BEFORE_DONE_COST_MS } from "@/lib/runs/results/run-snapshot";
import type { ResultToWrite } from "../outcome";
import { countOutcome, type RunCounter } from "../run-counters";
import { asJson, asNumber, sqlDate } from "../sql";
import { acquireWorkerDb, readWithRetry, withWorkerDb, writeTransaction, type WorkerDb } from "../worker-db";
import { widenCallBoundsSql } from "../../call-bounds";
import { isWorkerGone } from "../worker-id";
import { writeComparisons, type WrittenSide } from "../write-comparisons";
import { fairOrder, OPEN_RUNS_SQL, type OpenRun } from "../fair-order";
import type { CallRow, LoadedRows, MaterialiseStep, TranscriptRow, WorkerStore } from "./types";

// The worker's statements on SQLite (types.ts says what each does): prepared statements on the
// worker's own better-sqlite3 connection (worker-db.ts), a batch going as one JSON parameter read
// with json_each (sql.ts). Writes take SQLite's write lock at BEGIN (BEGIN IMMEDIATE).

/* ---------------------------------------------------------------- claims */

const OPEN_RUNS = OPEN_RUNS_SQL;

// On the (runId, status) index, which yields a run's rows in creation order: the criteria of one
// call come together, and a judge that memoises its analysis of a view (checks) reuses it across
// them. The unary + keeps SQLite off the status index for the outer guard: with it, the update
// would visit every pending row of every run.
const claimFrom = (table: "Evaluation" | "TranscriptEvaluation") => `
UPDATE "${table}" SET "status" = 'running', "claimedBy" = ?, "claimedAt" = ?
WHERE "id" IN (SELECT "id" FROM "${table}" WHERE "runId" = ? AND "status" = 'pending' ORDER BY "rowid" LIMIT ?)
  AND +"status" = 'pending'
RETURNING "id"`;
const CLAIM = claimFrom("Evaluation");
const CLAIM_TRANSCRIPTS = claimFrom("TranscriptEvaluation");
// Per open run, on the (runId, status) index: a cancelled run's rows stay pending and must not count.
const ANY_PENDING_TRANSCRIPT = `
SELECT 1 FROM "Run" r WHERE r."status" IN ('pending', 'running')
  AND EXISTS (SELECT 1 FROM "TranscriptEvaluation" e WHERE e."runId" = r."id" AND e."status" = 'pending')
LIMIT 1`;

const START_RUNS = `UPDATE "Run" SET "status" = 'running', "startedAt" = ? WHERE "id" IN (SELECT "value" FROM json_each(?)) AND "status" = 'pending'`;

/**
 * Atomic across processes: the transaction holds SQLite's write lock from its first statement
 * (BEGIN IMMEDIATE), so two workers never take the same row; the status guard in the update keeps
 * that true on a database without that lock.
 */
async function claim(prisma: PrismaClient, statement: string, workerId: string, limit: number, now: Date): Promise<string[]> {
  const stamp = sqlDate(now);
  return withWorkerDb(prisma, (db) =>
    writeTransaction(db, () => {
      const runs = fairOrder(db.statement(OPEN_RUNS).all() as OpenRun[]);
      const ids: string[] = [];
      const started: string[] = [];
      for (const run of runs) {
        if (ids.length >= limit) break;
        const rows = db.statement(statement).all(workerId, stamp, run.id, limit - ids.length) as { id: string }[];
        if (!rows.length) continue;
        for (const row of rows) ids.push(row.id);
        started.push(run.id);
      }
      if (started.length) db.statement(START_RUNS).run(stamp, asJson(started));
      return ids;
    }),
  );
}

/* ---------------------------------------------------------------- leases */

// The batch's ids are the way in; the unary + keeps SQLite off the status index, which would have
// it visit every running row for each id (through Prisma, renewing 1,000 claims took 0.4–0.9 s
// of a blocked event loop).
// Every statement runs on both tables of claimable rows: Evaluation (calls) and TranscriptEvaluation
// (agent-level results). Their ids never collide, so a batch's ids can go to both.
const TABLES = ["Evaluation", "TranscriptEvaluation"] as const;
const RENEW = TABLES.map((table) => `UPDATE "${table}" SET "claimedAt" = ? WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`);
const RELEASE = TABLES.map((table) => `UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`);

const CLAIMERS = TABLES.map((table) => `SELECT DISTINCT "claimedBy" FROM "${table}" WHERE "status" = 'running' AND "claimedBy" IS NOT NULL AND "claimedBy" <> ?`).join(" UNION ");
// On the partial index of running rows (claimedBy, claimedAt): only rows in flight are visited.
const RELEASE_ABANDONED = TABLES.map(
  (table) => `
UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL
WHERE "status" = 'running'
  AND ("claimedAt" IS NULL OR "claimedAt" < ? OR "claimedBy" IS NULL OR "claimedBy" IN (SELECT "value" FROM json_each(?)))`,
);

/* ---------------------------------------------------------------- loads */

const LOAD = `
SELECT e."id", e."runId", e."toolCallId", e."criterionId", e."mode", c."text" AS "criterionText",
       t."transcriptId", t."callId", t."messageIndex", t."position", t."ordinal", t."toolName", t."rawArguments", t."responseIndex", t."response"
FROM json_each(?) AS j
JOIN "Evaluation" e ON e."id" = j."value"
JOIN "ToolCall" t ON t."id" = e."toolCallId"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."key"`;
const LOAD_TRANSCRIPT_ROWS = `
SELECT e."id", e."runId", e."transcriptId", c."text" AS "criterionText"
FROM json_each(?) AS j
JOIN "TranscriptEvaluation" e ON e."id" = j."value"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."key"`;
const RUN_SETTINGS = `SELECT "id", "judgeSettings" FROM "Run" WHERE "id" IN (SELECT "value" FROM json_each(?))`;
const TRANSCRIPTS = `SELECT "id", "messages", "tools", "reference" FROM "Transcript" WHERE "id" IN (SELECT "value" FROM json_each(?))`;
const LOOKUP = `SELECT "key", "result" FROM "JudgeCache" WHERE "key" IN (SELECT "value" FROM json_each(?))`;

/* ---------------------------------------------------------------- results */

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

/** A handful of statements per group, whatever its size, in the caller's write transaction. */
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

/* ---------------------------------------------------------------- materialisation */

// Ids sort in creation order (a sortable UUID per batch, then the row's place in it), so the
// primary key's index grows at its end, as the tool-call ids' indexes do (lib/platform/ids/sortable-uuid.ts);
// random ids put each row on a random page of it.
const INSERT_ROWS = `
INSERT INTO "Evaluation" ("id", "runId", "toolCallId", "criterionId", "mode", "status", "explanation", "finishedAt")
SELECT printf('%s-%06x', ?, j.key), ?, j.value ->> '$.t', j.value ->> '$.c', j.value ->> '$.m',
       CASE WHEN j.value ->> '$.na' IS NULL THEN 'pending' ELSE 'not-applicable' END, j.value ->> '$.na',
       CASE WHEN j.value ->> '$.na' IS NULL THEN NULL ELSE ? END
FROM json_each(?) AS j WHERE true
ON CONFLICT ("runId", "toolCallId", "criterionId", "mode") DO NOTHING`;

// The run's call bounds take in the batch's transcripts (runs/server/call-bounds.ts), in the transaction that inserts its rows.
const WIDEN_BOUNDS = widenCallBoundsSql(`SELECT j.value ->> '$.t' FROM json_each(?) AS j`, "?");
const RUN_STATE = `SELECT "materialising", "materialiseCursor" FROM "Run" WHERE "id" = ?`;
// Rows settled at creation are all not applicable (INSERT_ROWS): both counters move by their number.
const ADVANCE = `UPDATE "Run" SET "doneCount" = "doneCount" + @settled, "notApplicableCount" = "notApplicableCount" + @settled, "materialiseCursor" = @cursor WHERE "id" = @runId`;
// The last batch: the rows are all there, so the counters are what they number (a transcript
// removed meanwhile leaves fewer than were counted at creation; in the write lock, nothing moves),
// and a run with nothing left to judge ends.
// Agent-level rows (TranscriptEvaluation, created with the run) count as well.
const countBoth = (condition: string) =>
  `(SELECT COUNT(*) FROM "Evaluation" WHERE "runId" = @runId${condition}) + (SELECT COUNT(*) FROM "TranscriptEvaluation" WHERE "runId" = @runId${condition})`;
const FINISH = `
UPDATE "Run" SET "materialising" = false, "materialiseCursor" = NULL,
  "total" = ${countBoth("")},
  "doneCount" = ${countBoth(` AND "status" IN ('done', 'not-applicable')`)},
  "notApplicableCount" = ${countBoth(` AND "status" = 'not-applicable'`)},
  "errorCount" = ${countBoth(` AND "status" = 'error'`)}
WHERE "id" = @runId`;
const CLOSE_IF_IDLE = `UPDATE "Run" SET "status" = 'done', "finishedAt" = ? WHERE "id" = ? AND "status" IN ('pending', 'running') AND "doneCount" + "errorCount" >= "total"`;

/* ---------------------------------------------------------------- the store */

export const sqliteWorkerStore: WorkerStore = {
  holdConnection: (prisma) => acquireWorkerDb(prisma),

  claimBatch: (prisma, workerId, limit, now) => claim(prisma, CLAIM, workerId, limit, now),

  async claimTranscriptBatch(prisma, workerId, limit, now) {
    // Most batches find none: a plain read says so without taking the write lock a claim needs.
    const waiting = await withWorkerDb(prisma, (db) => readWithRetry(() => db.statement(ANY_PENDING_TRANSCRIPT).get() !== undefined));
    return waiting ? claim(prisma, CLAIM_TRANSCRIPTS, workerId, limit, now) : [];
  },

  renewClaims: (prisma, workerId, ids, now) =>
    withWorkerDb(prisma, (db) => writeTransaction(db, () => RENEW.reduce((changes, sql) => changes + db.statement(sql).run(sqlDate(now), asJson(ids), workerId).changes, 0))),

  releaseClaims: (prisma, workerId, ids) =>
    withWorkerDb(prisma, (db) => writeTransaction(db, () => RELEASE.reduce((changes, sql) => changes + db.statement(sql).run(asJson(ids), workerId).changes, 0))),

  releaseAbandoned(prisma, workerId, leaseMs, now) {
    const cutoff = sqlDate(new Date(now.getTime() - leaseMs));
    return withWorkerDb(prisma, (db) =>
      writeTransaction(db, () => {
        const claimers = db.statement(CLAIMERS).all(workerId, workerId) as { claimedBy: string }[];
        const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
        return RELEASE_ABANDONED.reduce((changes, sql) => changes + db.statement(sql).run(cutoff, asJson(gone)).changes, 0);
      }),
    );
  },

  loadBatchRows: (prisma, ids) =>
    withWorkerDb(prisma, (db) =>
      readWithRetry((): LoadedRows<CallRow> => {
        const rows = db.statement(LOAD).all(asJson(ids)) as CallRow[];
        const runIds = [...new Set(rows.map((row) => row.runId))];
        const transcriptIds = [...new Set(rows.map((row) => row.transcriptId))];
        const runs = db.statement(RUN_SETTINGS).all(asJson(runIds)) as { id: string; judgeSettings: unknown }[];
        const transcripts = db.statement(TRANSCRIPTS).all(asJson(transcriptIds)) as { id: string; messages: unknown; tools: unknown; reference: string | null }[];
        return { rows, runs, transcripts };
      }),
    ),

  loadTranscriptBatchRows: (prisma, ids) =>
    withWorkerDb(prisma, (db) =>
      readWithRetry((): LoadedRows<TranscriptRow> => {
        const rows = db.statement(LOAD_TRANSCRIPT_ROWS).all(asJson(ids)) as TranscriptRow[];
        const runs = db.statement(RUN_SETTINGS).all(asJson([...new Set(rows.map((row) => row.runId))])) as { id: string; judgeSettings: unknown }[];
        const transcripts = db.statement(TRANSCRIPTS).all(asJson([...new Set(rows.map((row) => row.transcriptId))])) as { id: string; messages: unknown; tools: unknown; reference: string | null }[];
        return { rows, runs, transcripts };
      }),
    ),

  lookupCacheRows: (prisma, keys) => withWorkerDb(prisma, (db) => readWithRetry(() => db.statement(LOOKUP).all(asJson(keys)) as { key: string; result: unknown }[])),

  writeResults: (prisma, workerId, entries, now) => withWorkerDb(prisma, (db) => writeTransaction(db, () => writeInTransaction(db, workerId, entries, now))),

  materialiseStep(prisma, step: MaterialiseStep) {
    const stamp = sqlDate(step.now);
    const { runId, rows } = step;
    return withWorkerDb(prisma, (db) =>
      writeTransaction(db, () => {
        const state = db.statement(RUN_STATE).get(runId) as { materialising: unknown; materialiseCursor: string | null } | undefined;
        if (!state || !asNumber(state.materialising) || state.materialiseCursor !== step.expectedCursor) return null;
        const inserted = rows.length ? db.statement(INSERT_ROWS).run(sortableUuid(), runId, stamp, asJson(rows)).changes : 0;
        if (inserted) db.statement(WIDEN_BOUNDS).run(asJson(rows), runId);
        if (step.finished) {
          db.statement(FINISH).run({ runId });
          db.statement(CLOSE_IF_IDLE).run(stamp, runId);
        } else {
          // Rows settled at creation count as finished. (The cursor check makes a conflict, and so a
          // miscount, all but impossible; the last batch recounts anyway.)
          db.statement(ADVANCE).run({ settled: rows.filter((row) => row.na !== undefined).length, cursor: step.nextCursor, runId });
        }
        return { inserted, finished: step.finished };
      }),
    );
  },
};
