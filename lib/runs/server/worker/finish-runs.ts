import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { WORKER_TRANSACTION } from "./transaction";

/**
 * Closes runs that have nothing pending or running, recounting their counters from the rows.
 * writeResult closes a run on its last write; this catches what that cannot see: a run whose
 * rows were all settled at creation, or counters left behind by an older version.
 */
export async function finishIdleRuns(prisma: PrismaClient, now: Date = new Date()): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const where = {
      status: { in: ["pending", "running"] },
      materialising: false,
      evaluations: { none: { status: { in: ["pending", "running"] } } },
      transcriptEvaluations: { none: { status: { in: ["pending", "running"] } } },
    };
    let idle = await tx.run.findMany({ where, select: { id: true } });
    if (idle.length && !sqlDialect(tx).serialisesTransactions) {
      // Read again under the runs' locks: a retry or a cancellation committed since the first
      // read must not be closed over (retryFailed locks the run row first too).
      await lockRowsForUpdate(tx, "Run", idle.map((run) => run.id));
      idle = await tx.run.findMany({ where: { ...where, id: { in: idle.map((run) => run.id) } }, select: { id: true } });
    }
    for (const { id } of idle) {
      const groups = [
        ...(await tx.evaluation.groupBy({ by: ["status", "cached"], where: { runId: id }, _count: { _all: true } })),
        ...(await tx.transcriptEvaluation.groupBy({ by: ["status", "cached"], where: { runId: id }, _count: { _all: true } })),
      ];
      const count = (match: (group: (typeof groups)[number]) => boolean) => groups.filter(match).reduce((sum, group) => sum + group._count._all, 0);
      await tx.run.update({
        where: { id },
        data: {
          status: "done",
          finishedAt: now,
          total: count(() => true),
          doneCount: count((group) => group.status === "done" || group.status === "not-applicable"),
          notApplicableCount: count((group) => group.status === "not-applicable"),
          errorCount: count((group) => group.status === "error"),
          cacheHits: count((group) => group.cached && group.status !== "error"),
        },
      });
    }
    return idle.map((run) => run.id);
  }, WORKER_TRANSACTION);
}
