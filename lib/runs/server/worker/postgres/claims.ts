import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pgExecute, pgQuery, withPgTransaction } from "@/lib/platform/db/pg-pool";
import { isWorkerGone } from "../worker-id";
import { WORKER_PG_TRANSACTION } from "../transaction";

// The worker's claims and leases on PostgreSQL (claim.ts and lease.ts hold SQLite's). Rows are
// locked with FOR UPDATE SKIP LOCKED, so workers on several machines take disjoint rows without
// waiting on each other; the status guards keep a released claim from being written twice.
// Every lease statement runs on both tables of claimable rows, Evaluation (calls) and
// TranscriptEvaluation (agent-level results), as on SQLite: their ids never collide.
// Past Prisma, as postgres/results.ts; timestamps as UTC ISO strings.

type ClaimTable = "Evaluation" | "TranscriptEvaluation";
const TABLES = ["Evaluation", "TranscriptEvaluation"] as const satisfies readonly ClaimTable[];

const OPEN_RUNS = `SELECT "id" FROM "Run" WHERE "status" IN ('pending', 'running') ORDER BY "createdAt", "id"`;
// Call rows' ids are made sortable in creation order at materialisation (postgres/materialise.ts),
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

export function claimBatchPostgres(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]> {
  return claim(prisma, "Evaluation", workerId, limit, now);
}

/** claimBatchPostgres for agent-level rows; most batches find none, which a plain read says without a transaction. */
export async function claimTranscriptBatchPostgres(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]> {
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
 * SQLite's (runId, status) index is in rowid order already (claim.ts).
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
    const { rows: runs } = await tx.query<{ id: string }>(OPEN_RUNS);
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
export function renewClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date): Promise<number> {
  return changeBoth(prisma, RENEW.map((sql) => [sql, now.toISOString(), [...ids], workerId]));
}

export function releaseClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
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

export async function releaseAbandonedPostgres(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date): Promise<number> {
  const claimers = await pgQuery<{ claimedBy: string }>(prisma, CLAIMERS, [workerId]);
  const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
  const cutoff = new Date(now.getTime() - leaseMs);
  return changeBoth(prisma, RELEASE_ABANDONED.map((sql) => [sql, cutoff.toISOString(), gone]));
}
