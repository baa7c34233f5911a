import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isWorkerGone } from "../worker-id";
import { WORKER_TRANSACTION } from "../transaction";

// The worker's claims and leases on PostgreSQL (claim.ts and lease.ts hold SQLite's). Rows are
// locked with FOR UPDATE SKIP LOCKED, so workers on several machines take disjoint rows without
// waiting on each other; the status guards keep a released claim from being written twice.

const OPEN_RUNS = `SELECT "id" FROM "Run" WHERE "status" IN ('pending', 'running') ORDER BY "createdAt", "id"`;
// Ids are made sortable in creation order at materialisation (postgres/materialise.ts), so a
// run's rows come in the order SQLite's rowid gives them: the criteria of one call together.
// The rows are picked in a CTE, which runs once. As `WHERE "id" IN (SELECT … LIMIT n FOR UPDATE
// SKIP LOCKED)` the planner may rescan the subquery for every row it updates (a plain SubPlan, as
// on a small table without statistics), and each rescan skips the rows this statement has just
// updated and returns the next n: one claim of 4 took all 25 pending rows of a test run.
const claim = (after: boolean) => `
WITH picked AS (
  SELECT "id" FROM "Evaluation" WHERE "runId" = $3 AND "status" = 'pending'${after ? ` AND "id" > $5` : ""}
  ORDER BY "id" LIMIT $4 FOR UPDATE SKIP LOCKED)
UPDATE "Evaluation" AS e SET "status" = 'running', "claimedBy" = $1, "claimedAt" = $2
FROM picked WHERE e."id" = picked."id" AND e."status" = 'pending'
RETURNING e."id"`;
const CLAIM = claim(false);
const CLAIM_AFTER = claim(true);
const START_RUNS = `UPDATE "Run" SET "status" = 'running', "startedAt" = $1 WHERE "id" = ANY($2::text[]) AND "status" = 'pending'`;

// Where this process's workers' last claims in each run ended. A claim from the start reads (and,
// before autovacuum has analysed the run's rows, sorts) every pending row of the run: 21-43 ms at
// 60,000 rows, growing with the run, each batch. Going on from the last claimed id walks the
// primary key from there (0.6 ms). Rows before it that came back to pending (a dead worker's
// claims, released) are found by a claim from the start once the rows after it run out. (The
// cursor only saves reading: should JavaScript's string order differ from the database's
// collation, rows are claimed later, never twice; the claim's guards are the same.)
const cursors = new Map<string, string>();
const cursorKey = (workerId: string, runId: string) => `${workerId}\u0000${runId}`;

export async function claimBatchPostgres(prisma: PrismaClient, workerId: string, limit: number, now: Date): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const runs = await tx.$queryRawUnsafe<{ id: string }[]>(OPEN_RUNS);
    const open = new Set(runs.map((run) => cursorKey(workerId, run.id)));
    for (const key of cursors.keys()) if (key.startsWith(`${workerId}\u0000`) && !open.has(key)) cursors.delete(key);
    const ids: string[] = [];
    const started: string[] = [];
    for (const run of runs) {
      if (ids.length >= limit) break;
      const key = cursorKey(workerId, run.id);
      const cursor = cursors.get(key);
      const want = limit - ids.length;
      const rows = cursor === undefined ? [] : await tx.$queryRawUnsafe<{ id: string }[]>(CLAIM_AFTER, workerId, now, run.id, want, cursor);
      if (rows.length < want) rows.push(...(await tx.$queryRawUnsafe<{ id: string }[]>(CLAIM, workerId, now, run.id, want - rows.length)));
      if (!rows.length) continue;
      let last = cursor ?? "";
      for (const row of rows) {
        ids.push(row.id);
        if (row.id > last) last = row.id;
      }
      cursors.set(key, last);
      started.push(run.id);
    }
    if (started.length) await tx.$executeRawUnsafe(START_RUNS, now, started);
    return ids;
  }, WORKER_TRANSACTION);
}

const RENEW = `UPDATE "Evaluation" SET "claimedAt" = $1 WHERE "id" = ANY($2::text[]) AND "status" = 'running' AND "claimedBy" = $3`;
const RELEASE = `UPDATE "Evaluation" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL WHERE "id" = ANY($1::text[]) AND "status" = 'running' AND "claimedBy" = $2`;

export function renewClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date): Promise<number> {
  return prisma.$executeRawUnsafe(RENEW, now, [...ids], workerId);
}

export function releaseClaimsPostgres(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
  return prisma.$executeRawUnsafe(RELEASE, [...ids], workerId);
}

const CLAIMERS = `SELECT DISTINCT "claimedBy" FROM "Evaluation" WHERE "status" = 'running' AND "claimedBy" IS NOT NULL AND "claimedBy" <> $1`;
const RELEASE_ABANDONED = `
UPDATE "Evaluation" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL
WHERE "status" = 'running'
  AND ("claimedAt" IS NULL OR "claimedAt" < $1 OR "claimedBy" IS NULL OR "claimedBy" = ANY($2::text[]))`;

export async function releaseAbandonedPostgres(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date): Promise<number> {
  const claimers = await prisma.$queryRawUnsafe<{ claimedBy: string }[]>(CLAIMERS, workerId);
  const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
  return prisma.$executeRawUnsafe(RELEASE_ABANDONED, new Date(now.getTime() - leaseMs), gone);
}
