import type { PrismaClient } from "@/lib/generated/prisma/client";
import { WORKER_TRANSACTION } from "./transaction";
import { isWorkerGone } from "./worker-id";

const RELEASED = { status: "pending", claimedBy: null, claimedAt: null } as const;

/** Keeps this worker's claims fresh while their judges run, so the lease only expires for a worker that stopped. */
export async function renewClaims(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date = new Date()): Promise<number> {
  if (!ids.length) return 0;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.evaluation.updateMany({ where: { id: { in: [...ids] }, status: "running", claimedBy: workerId }, data: { claimedAt: now } });
    return count;
  }, WORKER_TRANSACTION);
}

/** Gives one claim back untouched (the worker is stopping, or failed before it could judge). */
export async function releaseClaim(prisma: PrismaClient, workerId: string, id: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.evaluation.updateMany({ where: { id, status: "running", claimedBy: workerId }, data: RELEASED });
    return count === 1;
  }, WORKER_TRANSACTION);
}

/**
 * Returns to pending the rows whose claimer is known to be gone (a stopped worker of this
 * process, a dead process on this machine: what a restart leaves behind) or whose lease expired
 * (a claimer elsewhere that stopped renewing). If such a claimer was in fact alive, its late
 * write is refused because the claim no longer holds: the work is redone, never written twice.
 */
export async function releaseAbandoned(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date = new Date()): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const claimers = await tx.evaluation.findMany({
      where: { status: "running", claimedBy: { not: workerId } },
      distinct: ["claimedBy"],
      select: { claimedBy: true },
    });
    const gone = claimers.map((row) => row.claimedBy).filter((id): id is string => id !== null && isWorkerGone(id));
    const cutoff = new Date(now.getTime() - leaseMs);
    const { count } = await tx.evaluation.updateMany({
      where: {
        status: "running",
        OR: [{ claimedBy: { in: gone } }, { claimedAt: { lt: cutoff } }, { claimedAt: null }, { claimedBy: null }],
      },
      data: RELEASED,
    });
    return count;
  }, WORKER_TRANSACTION);
}
