import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "@/lib/platform/db/dialect";
import { claimBatchPostgres, claimTranscriptBatchPostgres } from "./postgres/claims";
import { asJson, sqlDate } from "./sql";
import { readWithRetry, withWorkerDb, writeTransaction } from "./worker-db";

const OPEN_RUNS = `SELECT "id" FROM "Run" WHERE "status" IN ('pending', 'running') ORDER BY "createdAt", "id"`;

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
 * Takes up to `limit` pending evaluations of runs that are not cancelled, oldest run first, and
 * marks them running under `workerId`. Atomic across processes: the transaction holds SQLite's
 * write lock from its first statement (BEGIN IMMEDIATE), so two workers never take the same row;
 * the status guard in the update keeps that true on a database without that lock.
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  if (dialectOf(prisma) === "postgresql") return claimBatchPostgres(prisma, workerId, limit, now);
  return claim(prisma, CLAIM, workerId, limit, now);
}

/** The same for agent-level results (TranscriptEvaluation rows): one claimed id is one transcript × agent criterion. */
export async function claimTranscriptBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  if (dialectOf(prisma) === "postgresql") return claimTranscriptBatchPostgres(prisma, workerId, limit, now);
  // Most batches find none: a plain read says so without taking the write lock a claim needs.
  const waiting = await withWorkerDb(prisma, (db) => readWithRetry(() => db.statement(ANY_PENDING_TRANSCRIPT).get() !== undefined));
  return waiting ? claim(prisma, CLAIM_TRANSCRIPTS, workerId, limit, now) : [];
}

async function claim(prisma: PrismaClient, statement: string, workerId: string, limit: number, now: Date): Promise<string[]> {
  const stamp = sqlDate(now);
  return withWorkerDb(prisma, (db) =>
    writeTransaction(db, () => {
      const runs = db.statement(OPEN_RUNS).all() as { id: string }[];
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
