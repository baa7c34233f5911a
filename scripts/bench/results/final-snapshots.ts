/**
 * The seeded run as a worker leaves a run it judged: a run whose results are all in stays open
 * until the worker has taken its final snapshots (takeNextSnapshot, FINAL_BEFORE_DONE_COST_MS),
 * and its pages read those. The seed writes results without a worker, so without this its run
 * had none, and every first view aggregated 1.26 million rows, which no run judged by a worker
 * does. The worker's own function computes them here, as it would have at the end of the run.
 */
import { createPrisma } from "@/lib/platform/db/client";
import { takeNextSnapshot } from "@/lib/runs/server/results/run-snapshots";

/** Takes the run's final snapshots with the worker's code unless it has them; returns how long that took, in ms (0 when it had them). */
export async function takeFinalSnapshots(databaseUrl: string, runId: string): Promise<number> {
  const prisma = createPrisma(databaseUrl, { background: true });
  try {
    // A kind this version keeps that the database's snapshots lack (a database kept by an older bench): taken now.
    const kinds = new Set((await prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind));
    if (["call-count", "call-marks", "errors", "charts", "groups-tool"].every((kind) => kinds.has(kind))) return 0;
    const started = performance.now();
    // The moment the worker wrote the last result: still open, every result in.
    await prisma.run.update({ where: { id: runId }, data: { status: "running", finishedAt: null } });
    let closed = false;
    for (let turn = 0; turn < 50; turn++) {
      const taken = await takeNextSnapshot(prisma);
      // Once it is done, the kinds taken after (its outcomes and groups), in the turns that follow, until none is due.
      if (closed && taken.costMs === 0) return performance.now() - started;
      closed ||= taken.closed.includes(runId);
    }
    throw new Error(`the worker's snapshots of run ${runId} were not all taken in 50 turns`);
  } finally {
    await prisma.$disconnect();
  }
}
