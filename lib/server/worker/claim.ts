import type { PrismaClient } from "@/lib/generated/prisma/client";
import { WORKER_TRANSACTION } from "./transaction";

/**
 * Takes up to `limit` pending evaluations of runs that are not cancelled (oldest run first) and
 * marks them running under `workerId`. Atomic across processes: the transaction holds SQLite's
 * write lock from its first statement (BEGIN IMMEDIATE), so two workers never take the same row;
 * the status guard on the update keeps that true on a database without that lock.
 */
export async function claimBatch(prisma: PrismaClient, workerId: string, limit: number, now: Date = new Date()): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const candidates = await tx.evaluation.findMany({
      where: { status: "pending", run: { status: { in: ["pending", "running"] } } },
      orderBy: [{ run: { createdAt: "asc" } }, { id: "asc" }],
      take: limit,
      select: { id: true, runId: true },
    });
    if (!candidates.length) return [];
    const ids = candidates.map((row) => row.id);
    await tx.evaluation.updateMany({
      where: { id: { in: ids }, status: "pending" },
      data: { status: "running", claimedBy: workerId, claimedAt: now },
    });
    const runIds = [...new Set(candidates.map((row) => row.runId))];
    await tx.run.updateMany({ where: { id: { in: runIds }, status: "pending" }, data: { status: "running", startedAt: now } });
    const claimed = await tx.evaluation.findMany({ where: { id: { in: ids }, status: "running", claimedBy: workerId }, select: { id: true } });
    return claimed.map((row) => row.id);
  }, WORKER_TRANSACTION);
}
