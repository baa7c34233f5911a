import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { FINAL_BEFORE_DONE_COST_MS } from "@/lib/runs/results/run-snapshot";
import { pgExecute, pgQuery, withPgTransaction } from "@/lib/platform/db/pg-pool";
import type { ResultToWrite } from "../outcome";
import { countOutcome, type RunCounter } from "../run-counters";
import { asJson, asNumber } from "../sql";
import { WORKER_PG_TRANSACTION } from "../transaction";
import { widenCallBoundsSql } from "../../call-bounds";
import { isWorkerGone } from "../worker-id";
import { comparisonsOf, type ComparisonRow, type SideRow, type WrittenSide } from "../write-comparisons";
import { fairOrder, OPEN_RUNS_SQL, type OpenRun } from "../fair-order";
import type { CallRow, LoadedRows, MaterialiseStep, TranscriptRow, WorkerStore } from "./types";

// The worker's statements on PostgreSQL (types.ts says what each does; sqlite.ts holds SQLite's).
// They go past Prisma, on a connection of its pool (pg-pool.ts), timestamps as UTC ISO strings.

/* ---------------------------------------------------------------- claims and leases */

// Rows are locked with FOR UPDATE SKIP LOCKED, so workers on several machines take disjoint rows
// without waiting on each other; the status guards keep a released claim from being written twice.
// Every lease statement runs on both tables of claimable rows, Evaluation (calls) and
// TranscriptEvaluation (agent-level results), as on SQLite: their ids never collide.

type ClaimTable = "Evaluation" | "TranscriptEvaluation";
const TABLES = ["Evaluation", "TranscriptEvaluation"] as const satisfies readonly ClaimTable[];

const OPEN_RUNS = OPEN_RUNS_SQL;
// Call rows' ids are made sortable in creation order at materialisation (INSERT_ROWS below),
// so a run's rows come in the order SQLite's rowid gives them: the criteria of one call together.
// Agent-level rows are few and independent: id order is enough for them.
// The rows are picked in a MATERIALIZED CTE, which runs once. As `UPDATE … WHERE "id" IN
// (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`, PostgreSQL does not promise to run the locking
// subquery once, and each run skips what is locked by then and picks more rows: a claim of 5
// calls took 25, even with no other claimer (protocol.db.test.ts), and of 2 agent-level rows all 8.
const claimFrom = (table: ClaimTable, after: boolean) => `
WITH picked AS MATERIALIZED (
  SELECT "id" FROM "${table}" WHERE "runId" = $3 AND "status" = 'pending'${after ? ` AND "id" > $5` : ""}
  ORDER BY "id" LIMIT $4 FOR UPDATE SKIP LOCKED
)
UPDATE "${table}" t SET "status" = 'running', "claimedBy" = $1, "claimedAt" = $2
FROM picked WHERE t."id" = picked."id" AND t."status" = 'pending'
RETURNING t."id"`;
const CLAIM = { Evaluation: claimFrom("Evaluation", false), TranscriptEvaluation: claimFrom("TranscriptEvaluation", false) } satisfies Record<ClaimTable, string>;
const CLAIM_AFTER = { Evaluation: claimFrom("Evaluation", true), TranscriptEvaluation: claimFrom("TranscriptEvaluation", true) } satisfies Record<ClaimTable, string>;
const START_RUNS = `UPDATE "Run" SET "status" = 'running', "startedAt" = $1 WHERE "id" = ANY($2::text[]) AND "status" = 'pending'`;
// Per open run, on the (runId, status) index: a cancelled run's rows stay pending and must not count.
const ANY_PENDING_TRANSCRIPT = `
SELECT 1 FROM "Run" r WHERE r."status" IN ('pending', 'running')
  AND EXISTS (SELECT 1 FROM "TranscriptEvaluation" e WHERE e."runId" = r."id" AND e."status" = 'pending')
LIMIT 1`;

function claimBatchPostgres(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]> {
  return claim(prisma, "Evaluation", workerId, limit, now);
}

/** claimBatchPostgres for agent-level rows; most batches find none, which a plain read says without a transaction. */
async function claimTranscriptBatchPostgres(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]> {
  const waiting = await pgQuery<object>(prisma, ANY_PENDING_TRANSCRIPT, []);
  return waiting.length ? claim(prisma, "TranscriptEvaluation", workerId, limit, now) : [];
}

// Where this process's workers' last claims in each run (and table) ended. A claim from the start
// reads (and, before autovacuum has analysed the run's rows, sorts) every pending row of the run:
// 21-43 ms at 60,000 rows, growing with the run, each batch. Going on from the last claimed id
// walks the primary key from there (0.6 ms). Rows before it that came back to pending (a dead
// worker's claims, released) are found by a claim from the start once the rows after it run out.
// (The cursor only saves reading: should JavaScript's string order differ from the database's
// collation, rows are claimed later, never twice; the claim's guards are the same.)
const cursors = new Map<string, string>();
const cursorKey = (table: ClaimTable, workerId: string, runId: string) => `${table}\u0000${workerId}\u0000${runId}`;

/**
 * CLAIM_AFTER with sorting disabled, so that its rows come from a walk of the primary key from the
 * cursor. The run's rows are created while it runs, so its statistics lag: with a run's pending
 * rows estimated at 1, PostgreSQL read every pending row through the (runId, status) index and
 * sorted them, each claim: 84 ms a claim of 1,000 on average over a 300,000-evaluation run (25 s
 * of the database's 80 s of CPU), 450 ms with 200,000 rows pending; the walk takes about 1 ms.
 * SQLite's (runId, status) index is in rowid order already (sqlite.ts).
 */
async function claimAfter(tx: pg.ClientBase, table: ClaimTable, values: unknown[]): Promise<{ id: string }[]> {
  // Back on for the claim from the start, for which the walk would read every row of the run; after a failure the rollback restores it.
  await tx.query("SET LOCAL enable_sort = off");
  const { rows } = await tx.query<{ id: string }>(CLAIM_AFTER[table], values);
  await tx.query("SET LOCAL enable_sort = on");
  return rows;
}

async function claim(prisma: PrismaClient, table: ClaimTable, workerId: string, limit: number, now: Date): Promise<string[]> {
  const at = now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    const runs = fairOrder((await tx.query<OpenRun>(OPEN_RUNS)).rows);
    const open = new Set(runs.map((run) => cursorKey(table, workerId, run.id)));
    const mine = `${table}\u0000${workerId}\u0000`;
    for (const key of cursors.keys()) if (key.startsWith(mine) && !open.has(key)) cursors.delete(key);
    const ids: string[] = [];
    const started: string[] = [];
    for (const run of runs) {
      if (ids.length >= limit) break;
      const key = cursorKey(table, workerId, run.id);
      const cursor = cursors.get(key);
      const want = limit - ids.length;
      const rows = cursor === undefined ? [] : await claimAfter(tx, table, [workerId, at, run.id, want, cursor]);
      if (rows.length < want) rows.push(...(await tx.query<{ id: string }>(CLAIM[table], [workerId, at, run.id, want - rows.length])).rows);
      if (!rows.length) continue;
      let last = cursor ?? "";
      for (const row of rows) {
        ids.push(row.id);
        if (row.id > last) last = row.id;
      }
      cursors.set(key, last);
      started.push(run.id);
    }
    if (started.length) await tx.query(START_RUNS, [at, started]);
    return ids;
  });
}

// A renewal skips the rows another transaction holds: those are the worker's own results being
// written (done at commit, or renewed by the next heartbeat if that write fails), or a sweep that
// found the lease expired anyway. Waiting for them deadlocked: the heartbeat and a result write of
// the same worker lock a batch's rows in different orders, PostgreSQL aborted the write after
// deadlock_timeout (1 s), and its 1,000 results went again one by one (once per 2-worker bench:runs).
const RENEW = TABLES.map(
  (table) => `
WITH mine AS MATERIALIZED (
  SELECT "id" FROM "${table}" WHERE "id" = ANY($2::text[]) AND "status" = 'running' AND "claimedBy" = $3 FOR UPDATE SKIP LOCKED
)
UPDATE "${table}" t SET "claimedAt" = $1 FROM mine WHERE t."id" = mine."id"`,
);
const RELEASE = TABLES.map((table) => `UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL WHERE "id" = ANY($1::text[]) AND "status" = 'running' AND "claimedBy" = $2`);

/** Renewals and releases run on both tables: a batch's ids are in one or the other. */
function renewClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date): Promise<number> {
  return changeBoth(prisma, RENEW.map((sql) => [sql, now.toISOString(), [...ids], workerId]));
}

function releaseClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
  return changeBoth(prisma, RELEASE.map((sql) => [sql, [...ids], workerId]));
}

// Each statement is atomic and guarded on its own rows; no transaction is needed around them
// (on PostgreSQL a statement outside one does not land in another task's, as it may on SQLite).
async function changeBoth(prisma: PrismaClient, statements: [string, ...unknown[]][]): Promise<number> {
  let changes = 0;
  for (const [sql, ...parameters] of statements) changes += await pgExecute(prisma, sql, parameters);
  return changes;
}

const CLAIMERS = TABLES.map((table) => `SELECT DISTINCT "claimedBy" FROM "${table}" WHERE "status" = 'running' AND "claimedBy" IS NOT NULL AND "claimedBy" <> $1`).join(" UNION ");
const RELEASE_ABANDONED = TABLES.map(
  (table) => `
UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL
WHERE "status" = 'running'
  AND ("claimedAt" IS NULL OR "claimedAt" < $1 OR "claimedBy" IS NULL OR "claimedBy" = ANY($2::text[]))`,
);

async function releaseAbandonedPostgres(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date): Promise<number> {
  const claimers = await pgQuery<{ claimedBy: string }>(prisma, CLAIMERS, [workerId]);
  const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
  const cutoff = new Date(now.getTime() - leaseMs);
  return changeBoth(prisma, RELEASE_ABANDONED.map((sql) => [sql, cutoff.toISOString(), gone]));
}

/* ---------------------------------------------------------------- loads */

// loadBatch's and lookupCache's reads on PostgreSQL: the batch as one text[] parameter instead
// of SQLite's json_each, in the batch's order. Past Prisma (pg-pool.ts): transcripts are the
// bulk of what a worker reads, and Prisma's query layer converted every JSON value once more.

const LOAD = `
SELECT e."id", e."runId", e."toolCallId", e."criterionId", e."mode", c."text" AS "criterionText",
       t."transcriptId", t."callId", t."messageIndex", t."position", t."ordinal", t."toolName", t."rawArguments", t."responseIndex", t."response"
FROM unnest($1::text[]) WITH ORDINALITY AS j("id", "n")
JOIN "Evaluation" e ON e."id" = j."id"
JOIN "ToolCall" t ON t."id" = e."toolCallId"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."n"`;
const RUN_SETTINGS = `SELECT "id", "judgeSettings" FROM "Run" WHERE "id" = ANY($1::text[])`;
const TRANSCRIPTS = `SELECT "id", "messages", "tools", "reference" FROM "Transcript" WHERE "id" = ANY($1::text[])`;
const LOOKUP = `SELECT "key", "result" FROM "JudgeCache" WHERE "key" = ANY($1::text[])`;

async function loadBatchRowsPostgres(prisma: PrismaClient, ids: readonly string[]): Promise<LoadedRows<CallRow>> {
  const rows = await pgQuery<CallRow>(prisma, LOAD, [[...ids]]);
  const runIds = [...new Set(rows.map((row) => row.runId))];
  const transcriptIds = [...new Set(rows.map((row) => row.transcriptId))];
  const [runs, transcripts] = await Promise.all([
    pgQuery<{ id: string; judgeSettings: unknown }>(prisma, RUN_SETTINGS, [runIds]),
    pgQuery<{ id: string; messages: unknown; tools: unknown; reference: string | null }>(prisma, TRANSCRIPTS, [transcriptIds]),
  ]);
  return { rows, runs, transcripts };
}

function lookupCacheRowsPostgres(prisma: PrismaClient, keys: readonly string[]): Promise<{ key: string; result: unknown }[]> {
  return pgQuery<{ key: string; result: unknown }>(prisma, LOOKUP, [[...keys]]);
}

const LOAD_TRANSCRIPT_ROWS = `
SELECT e."id", e."runId", e."transcriptId", c."text" AS "criterionText"
FROM unnest($1::text[]) WITH ORDINALITY AS j("id", "n")
JOIN "TranscriptEvaluation" e ON e."id" = j."id"
JOIN "Criterion" c ON c."id" = e."criterionId"
ORDER BY j."n"`;

/** loadTranscriptBatch's reads on PostgreSQL: the claimed agent-level rows, their runs' settings and their transcripts. */
async function loadTranscriptBatchRowsPostgres(prisma: PrismaClient, ids: readonly string[]): Promise<LoadedRows<TranscriptRow>> {
  const rows = await pgQuery<TranscriptRow>(prisma, LOAD_TRANSCRIPT_ROWS, [[...ids]]);
  const [runs, transcripts] = await Promise.all([
    pgQuery<{ id: string; judgeSettings: unknown }>(prisma, RUN_SETTINGS, [[...new Set(rows.map((row) => row.runId))]]),
    pgQuery<{ id: string; messages: unknown; tools: unknown; reference: string | null }>(prisma, TRANSCRIPTS, [[...new Set(rows.map((row) => row.transcriptId))]]),
  ]);
  return { rows, runs, transcripts };
}

/* ---------------------------------------------------------------- results */

// writeResults (write-result.ts holds the rules): each row written
// only while still running under this worker's claim, with the cache, run counters and
// comparisons in the same transaction. A batch is one statement per table, not one per row: the
// rows go as parallel arrays through unnest, so the parameter count does not grow with the batch.
// The statements go past Prisma, on a connection of its pool (pg-pool.ts): through $queryRaw each
// array was turned into JSON and back and each statement paid the query layer's bookkeeping, about
// a fifth of a worker's CPU. Timestamps go as UTC ISO strings, as Prisma stores DateTime.

const updateResults = (table: "Evaluation" | "TranscriptEvaluation", returning: string) => `
UPDATE "${table}" AS e SET
  "status" = v."status", "score" = v."score", "passed" = v."passed", "explanation" = v."explanation",
  "findings" = v."findings"::jsonb, "measuredBy" = v."measuredBy"::jsonb, "usage" = v."usage"::jsonb, "costUsd" = v."costUsd",
  "cached" = v."cached", "error" = v."error", "errorKind" = v."errorKind", "judgeId" = v."judgeId", "cacheKey" = v."cacheKey",
  "latencyMs" = v."latencyMs", "attempts" = e."attempts" + v."attempts", "finishedAt" = $17
FROM unnest($1::text[], $2::text[], $3::double precision[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::double precision[],
            $10::boolean[], $11::text[], $12::text[], $13::text[], $14::text[], $15::integer[], $16::integer[])
  AS v("id", "status", "score", "passed", "explanation", "findings", "measuredBy", "usage", "costUsd",
       "cached", "error", "errorKind", "judgeId", "cacheKey", "latencyMs", "attempts")
WHERE e."id" = v."id" AND e."status" = 'running' AND e."claimedBy" = $18
RETURNING ${returning}`;
const UPDATE_RESULTS = updateResults("Evaluation", `e."id", e."toolCallId", e."criterionId"`);
// Agent-level results: the same columns and claim guard on their own table, and no comparisons (they have no mode).
const UPDATE_TRANSCRIPT_RESULTS = updateResults("TranscriptEvaluation", `e."id", NULL AS "toolCallId", e."criterionId"`);
const INSERT_CACHE = `
INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt")
SELECT c."key", c."judgeId", c."result"::jsonb, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS c("key", "judgeId", "result")
ON CONFLICT ("key") DO NOTHING`;
const COUNT_RUN = `
UPDATE "Run" SET "doneCount" = "doneCount" + $1, "notApplicableCount" = "notApplicableCount" + $2, "errorCount" = "errorCount" + $3, "cacheHits" = "cacheHits" + $4
WHERE "id" = $5 RETURNING "status", "total", "doneCount", "errorCount", "materialising"`;
const FINISH_RUN = `UPDATE "Run" SET "status" = 'done', "finishedAt" = $1 WHERE "id" = $2`;
// Closed by the worker once its final snapshots are taken (FINAL_BEFORE_DONE_COST_MS).
const COSTLY_STATS = `SELECT 1 FROM "RunSnapshot" WHERE "runId" = $1 AND "kind" = 'stats' AND "costMs" >= $2`;
// `|| ''` keeps "criterionId" out of the index choice: a run's rows are read before autovacuum has
// analysed them, and without statistics the planner took the (runId, criterionId, passed) index
// and filtered a third of the run per pair (680 ms per batch of 1,000 at 9,000 rows, growing with
// the run); the unique index's (runId, toolCallId) prefix finds a call's few rows (16-18 ms).
const READ_SIDES = `
SELECT e."runId", e."toolCallId", e."criterionId", e."mode", e."status", e."score", e."passed", c."scale"
FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w("runId", "toolCallId", "criterionId")) AS p
JOIN "Run" r ON r."id" = p."runId" AND r."mode" = 'both'
JOIN "Evaluation" e ON e."runId" = p."runId" AND e."toolCallId" = p."toolCallId" AND e."criterionId" || '' = p."criterionId"
JOIN "Criterion" c ON c."id" = p."criterionId"`;
const UPSERT_COMPARISONS = `
INSERT INTO "CallComparison" ("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict", "updatedAt")
SELECT c."id", c."runId", c."toolCallId", c."criterionId", c."kind", c."flipped", c."delta", c."immediateVerdict", c."hindsightVerdict", $10
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::double precision[], $8::text[], $9::text[])
  AS c("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict")
ON CONFLICT ("runId", "toolCallId", "criterionId") DO UPDATE SET
  "kind" = excluded."kind", "flipped" = excluded."flipped", "delta" = excluded."delta",
  "immediateVerdict" = excluded."immediateVerdict", "hindsightVerdict" = excluded."hindsightVerdict", "updatedAt" = excluded."updatedAt"`;

type Settled = Extract<ResultToWrite["outcome"], { status: "done" | "not-applicable" }>;

function cacheable(result: Settled["result"]): unknown {
  const { usage: _usage, ...rest } = result;
  return rest;
}

/** UPDATE_RESULTS' sixteen arrays, one element per entry, in its column order. */
function resultColumns(entries: readonly ResultToWrite[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 16 }, () => []);
  for (const { evaluation, outcome } of entries) {
    const tail = [outcome.judgeId, outcome.cacheKey, outcome.latencyMs, outcome.attempts];
    let row: unknown[];
    if (outcome.status === "error") {
      row = [evaluation.id, "error", null, null, null, null, null, null, null, false, outcome.error, outcome.errorKind, ...tail];
    } else {
      const { result, cached } = outcome;
      const usage = cached ? undefined : result.usage;
      row = [
        evaluation.id, outcome.status, result.score, result.passed, result.explanation, asJson(result.findings),
        result.measuredBy ? asJson(result.measuredBy) : null, usage ? asJson(usage) : null, usage?.costUsd ?? null,
        cached, null, null, ...tail,
      ];
    }
    row.forEach((value, i) => columns[i].push(value ?? null));
  }
  return columns;
}

const pairKey = (row: { runId: string; toolCallId: string; criterionId: string }) => `${row.runId}\u0000${row.toolCallId}\u0000${row.criterionId}`;

async function writeComparisonsPostgres(tx: pg.PoolClient, written: readonly WrittenSide[], at: string): Promise<void> {
  if (!written.length) return;
  const { rows } = await tx.query<SideRow>(READ_SIDES, [written.map((w) => w.runId), written.map((w) => w.toolCallId), written.map((w) => w.criterionId)]);
  // One row per key (an upsert may not touch a row twice in one statement), in key order so that
  // two writers upserting the same pairs lock them in the same order.
  const byKey = new Map<string, ComparisonRow>();
  for (const c of comparisonsOf(rows)) byKey.set(pairKey(c), c);
  const comparisons = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  if (!comparisons.length) return;
  await tx.query(UPSERT_COMPARISONS, [
    comparisons.map(() => randomUUID()),
    comparisons.map((c) => c.runId),
    comparisons.map((c) => c.toolCallId),
    comparisons.map((c) => c.criterionId),
    comparisons.map((c) => c.kind),
    comparisons.map((c) => c.flipped),
    comparisons.map((c) => c.delta),
    comparisons.map((c) => c.immediateVerdict),
    comparisons.map((c) => c.hindsightVerdict),
    at,
  ]);
}

async function writeResultsPostgres(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date): Promise<boolean[]> {
  if (!entries.length) return [];
  const at = now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    const calls = entries.filter((entry) => entry.evaluation.scope !== "agent");
    const agents = entries.filter((entry) => entry.evaluation.scope === "agent");
    type Updated = { id: string; toolCallId: string | null; criterionId: string };
    const updated = [
      ...(calls.length ? (await tx.query<Updated>(UPDATE_RESULTS, [...resultColumns(calls), at, workerId])).rows : []),
      ...(agents.length ? (await tx.query<Updated>(UPDATE_TRANSCRIPT_RESULTS, [...resultColumns(agents), at, workerId])).rows : []),
    ];
    const byId = new Map(updated.map((row) => [row.id, row]));
    const counters = new Map<string, RunCounter>();
    const cacheRows = new Map<string, { judgeId: string; result: string }>();
    const sides: WrittenSide[] = [];
    // An id given twice was written once: the first entry counts, as when rows went one by one.
    const written = entries.map(({ evaluation, outcome }) => {
      const row = byId.get(evaluation.id);
      if (!row) return false;
      byId.delete(evaluation.id);
      if (row.toolCallId !== null) sides.push({ runId: evaluation.runId, toolCallId: row.toolCallId, criterionId: row.criterionId });
      countOutcome(counters, evaluation.runId, outcome);
      if (outcome.status !== "error" && !outcome.cached && outcome.cacheKey && outcome.judgeId) cacheRows.set(outcome.cacheKey, { judgeId: outcome.judgeId, result: asJson(cacheable(outcome.result)) });
      return true;
    });
    // The run rows first, in id order: holding a run's row until commit makes the writers of one
    // run take turns from here on, so the second writer of a call's two modes reads the first's
    // committed side and writes their comparison (under READ COMMITTED, two writers reading at
    // once would each miss the other's side and neither would write it); the order keeps two
    // writers of several runs from deadlocking.
    for (const runId of [...counters.keys()].sort()) {
      const counter = counters.get(runId)!;
      const {
        rows: [run],
      } = await tx.query<{ status: string; total: unknown; doneCount: unknown; errorCount: unknown; materialising: boolean }>(COUNT_RUN, [counter.done, counter.notApplicable, counter.error, counter.cached, runId]);
      if (!run) throw new Error(`run ${runId} of evaluation results no longer exists`);
      if (!run.materialising && asNumber(run.doneCount) + asNumber(run.errorCount) >= asNumber(run.total) && (run.status === "pending" || run.status === "running")) {
        if (!(await tx.query(COSTLY_STATS, [runId, FINAL_BEFORE_DONE_COST_MS])).rows.length) await tx.query(FINISH_RUN, [at, runId]);
      }
    }
    if (cacheRows.size) {
      const keys = [...cacheRows.keys()].sort();
      await tx.query(INSERT_CACHE, [keys, keys.map((key) => cacheRows.get(key)!.judgeId), keys.map((key) => cacheRows.get(key)!.result), at]);
    }
    await writeComparisonsPostgres(tx, sides, at);
    return written;
  });
}

/* ---------------------------------------------------------------- materialisation */

// materialiseBatch's transaction (runs/materialise-run.ts). The run
// row is locked FOR UPDATE, which is what SQLite's write lock gives: the cursor is compared and
// moved once, whichever process gets there first.

// Ids sort in creation order (milliseconds, then the row's place in the batch), standing in for
// SQLite's rowid in the worker's claim order (claims above).
const INSERT_ROWS = `
INSERT INTO "Evaluation" ("id", "runId", "toolCallId", "criterionId", "mode", "status", "explanation", "finishedAt")
SELECT lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || lpad(to_hex(j.n), 6, '0') || substr(md5(random()::text), 1, 6),
       $1, j.value ->> 't', j.value ->> 'c', j.value ->> 'm',
       CASE WHEN j.value ->> 'na' IS NULL THEN 'pending' ELSE 'not-applicable' END, j.value ->> 'na',
       CASE WHEN j.value ->> 'na' IS NULL THEN NULL ELSE $2::timestamp(3) END
FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS j(value, n)
ON CONFLICT ("runId", "toolCallId", "criterionId", "mode") DO NOTHING`;
// The run's call bounds take in the batch's transcripts (runs/server/call-bounds.ts), in the transaction that inserts its rows.
const WIDEN_BOUNDS = widenCallBoundsSql(`SELECT j.value ->> 't' FROM jsonb_array_elements($1::jsonb) AS j(value)`, "$2");
const RUN_STATE = `SELECT "materialising", "materialiseCursor" FROM "Run" WHERE "id" = $1 FOR UPDATE`;
// Rows settled at creation are all not applicable (INSERT_ROWS): both counters move by their number.
const ADVANCE = `UPDATE "Run" SET "doneCount" = "doneCount" + $1, "notApplicableCount" = "notApplicableCount" + $1, "materialiseCursor" = $2 WHERE "id" = $3`;
// Agent-level rows (TranscriptEvaluation, created with the run) count as well.
const countBoth = (condition: string) =>
  `(SELECT COUNT(*) FROM "Evaluation" WHERE "runId" = $1${condition}) + (SELECT COUNT(*) FROM "TranscriptEvaluation" WHERE "runId" = $1${condition})`;
const FINISH = `
UPDATE "Run" SET "materialising" = false, "materialiseCursor" = NULL,
  "total" = ${countBoth("")},
  "doneCount" = ${countBoth(` AND "status" IN ('done', 'not-applicable')`)},
  "notApplicableCount" = ${countBoth(` AND "status" = 'not-applicable'`)},
  "errorCount" = ${countBoth(` AND "status" = 'error'`)}
WHERE "id" = $1`;
const CLOSE_IF_IDLE = `UPDATE "Run" SET "status" = 'done', "finishedAt" = $1 WHERE "id" = $2 AND "status" IN ('pending', 'running') AND "doneCount" + "errorCount" >= "total"`;

async function materialiseStepPostgres(prisma: PrismaClient, step: MaterialiseStep): Promise<{ inserted: number; finished: boolean } | null> {
  const at = step.now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    const {
      rows: [state],
    } = await tx.query<{ materialising: boolean; materialiseCursor: string | null }>(RUN_STATE, [step.runId]);
    if (!state || !state.materialising || state.materialiseCursor !== step.expectedCursor) return null;
    const inserted = step.rows.length ? ((await tx.query(INSERT_ROWS, [step.runId, at, JSON.stringify(step.rows)])).rowCount ?? 0) : 0;
    if (inserted) await tx.query(WIDEN_BOUNDS, [JSON.stringify(step.rows), step.runId]);
    if (step.finished) {
      await tx.query(FINISH, [step.runId]);
      await tx.query(CLOSE_IF_IDLE, [at, step.runId]);
    } else {
      await tx.query(ADVANCE, [step.rows.filter((row) => row.na !== undefined).length, step.nextCursor, step.runId]);
    }
    return { inserted, finished: step.finished };
  });
}

/* ---------------------------------------------------------------- the store */

export const postgresWorkerStore: WorkerStore = {
  // The statements go through the client's pool: nothing to hold.
  holdConnection: () => ({ db: null, release: () => undefined }),
  claimBatch: claimBatchPostgres,
  claimTranscriptBatch: claimTranscriptBatchPostgres,
  renewClaims: renewClaimsPostgres,
  releaseClaims: releaseClaimsPostgres,
  releaseAbandoned: releaseAbandonedPostgres,
  loadBatchRows: loadBatchRowsPostgres,
  loadTranscriptBatchRows: loadTranscriptBatchRowsPostgres,
  lookupCacheRows: lookupCacheRowsPostgres,
  writeResults: writeResultsPostgres,
  materialiseStep: materialiseStepPostgres,
};
