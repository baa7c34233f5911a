import type { PrismaClient } from "@/lib/generated/prisma/client";
import { WORKER_TRANSACTION } from "./transaction";

/**
 * Takes up to `limit` pending evaluations of runs that are not cancelled, oldest run first, and
 * marks them running under `workerId`. Atomic across processes: the transaction holds SQLite's
 * write lock from its first statement (BEGIN IMMEDIATE), so two workers never take the same row;
 * the status guard on the update keeps that true on a database without that lock.
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    // Runs are few; going run by run keeps each lookup on the (runId, status) index, which also
    // returns a run's rows in creation order: the criteria of one call come together, and a
    // judge that memoises its analysis of a view (checks) reuses it across them.
    const runs = await tx.run.findMany({ where: { status: { in: ["pending", "running"] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
    const ids: string[] = [];
    const started: string[] = [];
    for (const run of runs) {
      if (ids.length >= limit) break;
      const rows = await tx.evaluation.findMany({ where: { runId: run.id, status: "pending" }, take: limit - ids.length, select: { id: true } });
      if (!rows.length) continue;
      ids.push(...rows.map((row) => row.id));
      started.push(run.id);
    }
    if (!ids.length) return [];
    await tx.evaluation.updateMany({
      where: { id: { in: ids }, status: "pending" },
      data: { status: "running", claimedBy: workerId, claimedAt: now },
    });
    await tx.run.updateMany({ where: { id: { in: started }, status: "pending" }, data: { status: "running", startedAt: now } });
    const claimed = await tx.evaluation.findMany({ where: { id: { in: ids }, status: "running", claimedBy: workerId }, select: { id: true } });
    return claimed.map((row) => row.id);
  }, WORKER_TRANSACTION);
}
