import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "../db/dialect";
import { releaseAbandonedPostgres, releaseClaimsPostgres, renewClaimsPostgres } from "./postgres/claims";
import { asJson, sqlDate } from "./sql";
import { withWorkerDb, writeTransaction } from "./worker-db";
import { isWorkerGone } from "./worker-id";


// The batch's ids are the way in; the unary + keeps SQLite off the status index, which would have
// it visit every running row for each id (through Prisma, renewing 1,000 claims took 0.4–0.9 s
// of a blocked event loop).
const RENEW = `UPDATE "Evaluation" SET "claimedAt" = ? WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`;
const RELEASE = `UPDATE "Evaluation" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`;

/** Keeps this worker's claims fresh while their judges run, so the lease only expires for a worker that stopped. */
export async function renewClaims(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date = new Date()): Promise<number> {
  if (!ids.length) return 0;
  if (dialectOf(prisma) === "postgresql") return renewClaimsPostgres(prisma, workerId, ids, now);
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => db.statement(RENEW).run(sqlDate(now), asJson(ids), workerId).changes));
}

/** Gives claims back untouched (the worker is stopping, or failed before it could judge); returns how many were still this worker's. */
export async function releaseClaims(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  if (dialectOf(prisma) === "postgresql") return releaseClaimsPostgres(prisma, workerId, ids);
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => db.statement(RELEASE).run(asJson(ids), workerId).changes));
}

const CLAIMERS = `SELECT DISTINCT "claimedBy" FROM "Evaluation" WHERE "status" = 'running' AND "claimedBy" IS NOT NULL AND "claimedBy" <> ?`;
// On the (status, claimedAt) index: only running rows are visited.
const RELEASE_ABANDONED = `
UPDATE "Evaluation" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL
WHERE "status" = 'running'
  AND ("claimedAt" IS NULL OR "claimedAt" < ? OR "claimedBy" IS NULL OR "claimedBy" IN (SELECT "value" FROM json_each(?)))`;

/**
 * Returns to pending the rows whose claimer is known to be gone (a stopped worker of this
 * process, a dead process on this machine: what a restart leaves behind) or whose lease expired
 * (a claimer elsewhere that stopped renewing). If such a claimer was in fact alive, its late
 * write is refused because the claim no longer holds: the work is redone, never written twice.
 * On the worker's connection: through Prisma this took over a second of blocked event loop.
 */
export async function releaseAbandoned(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date = new Date()): Promise<number> {
  if (dialectOf(prisma) === "postgresql") return releaseAbandonedPostgres(prisma, workerId, leaseMs, now);
  const cutoff = sqlDate(new Date(now.getTime() - leaseMs));
  return withWorkerDb(prisma, (db) =>
    writeTransaction(db, () => {
      const claimers = db.statement(CLAIMERS).all(workerId) as { claimedBy: string }[];
      const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
      return db.statement(RELEASE_ABANDONED).run(cutoff, asJson(gone)).changes;
    }),
  );
}
