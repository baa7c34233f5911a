import type { PrismaClient } from "@/lib/generated/prisma/client";
import { workerStore } from "./store";

// Every statement runs on both tables of claimable rows: Evaluation (calls) and TranscriptEvaluation
// (agent-level results). Their ids never collide, so a batch's ids can go to both.

/** Keeps this worker's claims fresh while their judges run, so the lease only expires for a worker that stopped. */
export async function renewClaims(prisma: PrismaClient, workerId: string, ids: readonly string[], now: Date = new Date()): Promise<number> {
  if (!ids.length) return 0;
  return workerStore(prisma).renewClaims(prisma, workerId, ids, now);
}

/** Gives claims back untouched (the worker is stopping, or failed before it could judge); returns how many were still this worker's. */
export async function releaseClaims(prisma: PrismaClient, workerId: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  return workerStore(prisma).releaseClaims(prisma, workerId, ids);
}

/**
 * Returns to pending the rows whose claimer is known to be gone (a stopped worker of this
 * process, a dead process on this machine: what a restart leaves behind) or whose lease expired
 * (a claimer elsewhere that stopped renewing). If such a claimer was in fact alive, its late
 * write is refused because the claim no longer holds: the work is redone, never written twice.
 * On SQLite on the worker's connection: through Prisma this took over a second of blocked event loop.
 */
export async function releaseAbandoned(prisma: PrismaClient, workerId: string, leaseMs: number, now: Date = new Date()): Promise<number> {
  return workerStore(prisma).releaseAbandoned(prisma, workerId, leaseMs, now);
}
