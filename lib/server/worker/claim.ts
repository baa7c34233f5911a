import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDate } from "./sql";
import { WORKER_TRANSACTION } from "./transaction";

/**
 * Takes up to `limit` pending evaluations of runs that are not cancelled, oldest run first, and
 * marks them running under `workerId`. Atomic across processes: the transaction holds SQLite's
 * write lock from its first statement (BEGIN IMMEDIATE), so two workers never take the same row;
 * the status guard in the update keeps that true on a database without that lock.
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const runs = await tx.run.findMany({ where: { status: { in: ["pending", "running"] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
    const ids: string[] = [];
    const started: string[] = [];
    for (const run of runs) {
      if (ids.length >= limit) break;
      // One statement per run, on the (runId, status) index, which yields a run's rows in creation
      // order: the criteria of one call come together, and a judge that memoises its analysis of
      // a view (checks) reuses it across them.
      const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
        `UPDATE "Evaluation" SET "status" = 'running', "claimedBy" = ?, "claimedAt" = ?
         WHERE "id" IN (SELECT "id" FROM "Evaluation" WHERE "runId" = ? AND "status" = 'pending' ORDER BY "rowid" LIMIT ?)
           AND "status" = 'pending'
         RETURNING "id"`,
        workerId,
        sqlDate(now),
        run.id,
        limit - ids.length,
      );
      if (!rows.length) continue;
      ids.push(...rows.map((row) => row.id));
      started.push(run.id);
    }
    if (started.length) await tx.run.updateMany({ where: { id: { in: started }, status: "pending" }, data: { status: "running", startedAt: now } });
    return ids;
  }, WORKER_TRANSACTION);
}
