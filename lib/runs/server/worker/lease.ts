import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "@/lib/platform/db/dialect";
import { releaseAbandonedPostgres, releaseClaimsPostgres, renewClaimsPostgres } from "./postgres/claims";
import { asJson, sqlDate } from "./sql";
import { withWorkerDb, writeTransaction } from "./worker-db";
import { isWorkerGone } from "./worker-id";


// The batch's ids are the way in; the unary + keeps SQLite off the status index, which would have
// it visit every running row for each id (through Prisma, renewing 1,000 claims took 0.4–0.9 s
// of a blocked event loop).
// Every statement runs on both tables of claimable rows: Evaluation (calls) and TranscriptEvaluation
// (agent-level results). Their ids never collide, so a batch's ids can go to both.
const TABLES = ["Evaluation", "TranscriptEvaluation"] as const;
const RENEW = TABLES.map((table) => `UPDATE "${table}" SET "claimedAt" = ? WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`);
const RELEASE = TABLES.map((table) => `UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL WHERE "id" IN (SELECT "value" FROM json_each(?)) AND +"status" = 'running' AND +"claimedBy" = ?`);

/** Keeps this worker's claims fresh while their judges run, so the lease only expires for a worker that stopped. */
export async function renewClaims(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date = new Date()): Promise<number> {
  if (!ids.length) return 0;
  if (dialectOf(prisma) === "postgresql") return renewClaimsPostgres(prisma, workerId, ids, now);
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => RENEW.reduce((changes, sql) => changes + db.statement(sql).run(sqlDate(now), asJson(ids), workerId).changes, 0)));
}

/** Gives claims back untouched (the worker is stopping, or failed before it could judge); returns how many were still this worker's. */
export async function releaseClaims(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  if (dialectOf(prisma) === "postgresql") return releaseClaimsPostgres(prisma, workerId, ids);
  return withWorkerDb(prisma, (db) => writeTransaction(db, () => RELEASE.reduce((changes, sql) => changes + db.statement(sql).run(asJson(ids), workerId).changes, 0)));
}

const CLAIMERS = TABLES.map((table) => `SELECT DISTINCT "claimedBy" FROM "${table}" WHERE "status" = 'running' AND "claimedBy" IS NOT NULL AND "claimedBy" <> ?`).join(" UNION ");
// On the partial index of running rows (claimedBy, claimedAt): only rows in flight are visited.
const RELEASE_ABANDONED = TABLES.map(
  (table) => `
UPDATE "${table}" SET "status" = 'pending', "claimedBy" = NULL, "claimedAt" = NULL
WHERE "status" = 'running'
  AND ("claimedAt" IS NULL OR "claimedAt" < ? OR "claimedBy" IS NULL OR "claimedBy" IN (SELECT "value" FROM json_each(?)))`,
);

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
      const claimers = db.statement(CLAIMERS).all(workerId, workerId) as { claimedBy: string }[];
      const gone = claimers.map((row) => row.claimedBy).filter((id) => isWorkerGone(id));
      return RELEASE_ABANDONED.reduce((changes, sql) => changes + db.statement(sql).run(cutoff, asJson(gone)).changes, 0);
    }),
  );
}
