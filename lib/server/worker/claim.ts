import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "../db/dialect";
import { claimBatchPostgres } from "./postgres/claims";
import { asJson, sqlDate } from "./sql";
import { withWorkerDb, writeTransaction } from "./worker-db";

const OPEN_RUNS = `SELECT "id" FROM "Run" WHERE "status" IN ('pending', 'running') ORDER BY "createdAt", "id"`;

// On the (runId, status) index, which yields a run's rows in creation order: the criteria of one
// call come together, and a judge that memoises its analysis of a view (checks) reuses it across
// them. The unary + keeps SQLite off the status index for the outer guard: with it, the update
// would visit every pending row of every run.
const CLAIM = `
UPDATE "Evaluation" SET "status" = 'running', "claimedBy" = ?, "claimedAt" = ?
WHERE "id" IN (SELECT "id" FROM "Evaluation" WHERE "runId" = ? AND "status" = 'pending' ORDER BY "rowid" LIMIT ?)
  AND +"status" = 'pending'
RETURNING "id"`;

const START_RUNS = `UPDATE "Run" SET "status" = 'running', "startedAt" = ? WHERE "id" IN (SELECT "value" FROM json_each(?)) AND "status" = 'pending'`;

/**
 * Takes up to `limit` pending evaluations of runs that are not cancelled, oldest run first, and
 * marks them running under `workerId`. Atomic across processes: the transaction holds SQLite's
 * write lock from its first statement (BEGIN IMMEDIATE), so two workers never take the same row;
 * the status guard in the update keeps that true on a database without that lock.
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  if (dialectOf(prisma) === "postgresql") return claimBatchPostgres(prisma, workerId, limit, now);
  const stamp = sqlDate(now);
  return withWorkerDb(prisma, (db) =>
    writeTransaction(db, () => {
      const runs = db.statement(OPEN_RUNS).all() as { id: string }[];
      const ids: string[] = [];
      const started: string[] = [];
      for (const run of runs) {
        if (ids.length >= limit) break;
        const rows = db.statement(CLAIM).all(workerId, stamp, run.id, limit - ids.length) as { id: string }[];
        if (!rows.length) continue;
        for (const row of rows) ids.push(row.id);
        started.push(run.id);
      }
      if (started.length) db.statement(START_RUNS).run(stamp, asJson(started));
      return ids;
    }),
  );
}
