import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ResultToWrite, SettledOutcome } from "./outcome";
import { workerStore } from "./store";

export type { ResultToWrite } from "./outcome";

/**
 * Writes results, each exactly once: a row is updated only while it is still running under this
 * worker's claim. A worker whose claim was released meanwhile (lease expired, presumed dead, and
 * perhaps re-claimed by another) writes nothing for that row and gets false for it. Cache entries,
 * run counters and, for runs judged in both modes, the immediate-versus-hindsight comparisons
 * change in the same transaction, and a run whose last open row this was is marked done (unless
 * its statistics are costly: the worker closes it after its final snapshots, FINAL_BEFORE_DONE_COST_MS).
 * A handful of statements per group, whatever its size. Returns, per entry, whether it was written.
 */
export async function writeResults(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date = new Date()): Promise<boolean[]> {
  if (!entries.length) return [];
  return workerStore(prisma).writeResults(prisma, workerId, entries, now);
}

export async function writeResult(
  prisma: PrismaClient,
  workerId: string,
  evaluation: ResultToWrite["evaluation"],
  outcome: SettledOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  const [written] = await writeResults(prisma, workerId, [{ evaluation, outcome }], now);
  return written;
}
