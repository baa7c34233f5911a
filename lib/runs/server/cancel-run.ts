import type { PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_TRANSACTION } from "./errors";
import { AppError } from "@/lib/platform/errors/app-error";

export interface CancelledRun {
  /** False when the run had already ended; cancelling twice is not an error. */
  cancelled: boolean;
  status: string;
}

/**
 * Stops a run: the worker no longer claims its pending rows, which stay pending so the pages
 * can say what was never judged. Evaluations already in flight finish and are kept: their cost
 * is spent and their results are valid.
 */
export async function cancelRun(prisma: PrismaClient, runId: string, now: Date = new Date()): Promise<CancelledRun> {
  // In a transaction even though it is one statement: in one process the SQLite adapter shares
  // a connection, and a write outside a transaction could land inside the worker's open one.
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.run.updateMany({
      where: { id: runId, status: { in: ["pending", "running"] } },
      data: { status: "cancelled", finishedAt: now },
    });
    const run = await tx.run.findUnique({ where: { id: runId }, select: { status: true } });
    if (!run) throw new AppError("not-found", `Run ${runId} does not exist.`);
    return { cancelled: count === 1, status: run.status };
  }, RUN_TRANSACTION);
}
