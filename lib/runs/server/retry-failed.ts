import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { RUN_TRANSACTION } from "./errors";
import { AppError } from "@/lib/platform/errors/app-error";

export interface RetriedEvaluations {
  retried: number;
}

/**
 * Puts failed evaluations of a run back in the queue (all of them, or only `evaluationIds`)
 * and the run back to running; nothing else of the run is judged again. Their attempts are
 * kept, so a row that keeps failing shows how often it was tried.
 */
export async function retryFailed(prisma: PrismaClient, runId: string, evaluationIds?: readonly string[]): Promise<RetriedEvaluations> {
  return prisma.$transaction(async (tx) => {
    // A cancellation committed meanwhile must be seen, or the run would be put back to running.
    await lockRowsForUpdate(tx, "Run", [runId]);
    const run = await tx.run.findUnique({ where: { id: runId }, select: { status: true } });
    if (!run) throw new AppError("not-found", `Run ${runId} does not exist.`);
    if (run.status === "cancelled") throw new AppError("invalid-state", "This run was cancelled; start a new run instead.");
    const where = { runId, status: "error", ...(evaluationIds ? { id: { in: [...evaluationIds] } } : {}) };
    const data = { status: "pending", error: null, errorKind: null, claimedBy: null, claimedAt: null, finishedAt: null };
    // Agent-level results (TranscriptEvaluation) are retried with the calls' results.
    const calls = await tx.evaluation.updateMany({ where, data });
    const agents = await tx.transcriptEvaluation.updateMany({ where, data });
    const count = calls.count + agents.count;
    if (count > 0) {
      await tx.run.update({
        where: { id: runId },
        data: { status: "running", errorCount: { decrement: count }, finishedAt: null, error: null },
      });
    }
    return { retried: count };
  }, RUN_TRANSACTION);
}
