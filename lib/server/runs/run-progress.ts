import type { PrismaClient } from "@/lib/generated/prisma/client";
import { EVALUATION_STATUSES, type EvaluationStatus } from "@/lib/zod/runs";

export interface RunErrorGroup {
  error: string;
  errorKind: string | null;
  count: number;
}

export interface RunProgress {
  runId: string;
  status: string;
  total: number;
  counts: Record<EvaluationStatus, number>;
  /** done + not applicable + error: what no longer waits. */
  finished: number;
  /** finished / total, in [0, 1]. */
  fraction: number;
  cacheHits: number;
  /** Run-level failure (the judge could not be built, ...), distinct from failed evaluations. */
  error: string | null;
  /** The most frequent evaluation errors, so a page can say "42 × rate limited" rather than list rows. */
  errors: RunErrorGroup[];
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Live progress for the runs pages, counted from the evaluation rows themselves. */
export async function getRunProgress(prisma: PrismaClient, runId: string, errorGroups = 5): Promise<RunProgress | null> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, total: true, cacheHits: true, error: true, createdAt: true, startedAt: true, finishedAt: true, materialising: true },
  });
  if (!run) return null;
  const [byStatus, byError, agentByStatus, agentByError] = await Promise.all([
    prisma.evaluation.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } }),
    prisma.evaluation.groupBy({
      by: ["error", "errorKind"],
      where: { runId, status: "error" },
      _count: { _all: true },
      orderBy: { _count: { id: "desc" } },
      take: errorGroups,
    }),
    // Agent-level results (one per transcript and agent criterion) are part of the run's progress.
    prisma.transcriptEvaluation.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } }),
    prisma.transcriptEvaluation.groupBy({
      by: ["error", "errorKind"],
      where: { runId, status: "error" },
      _count: { _all: true },
      orderBy: { _count: { id: "desc" } },
      take: errorGroups,
    }),
  ]);
  const counts = Object.fromEntries(EVALUATION_STATUSES.map((status) => [status, 0])) as Record<EvaluationStatus, number>;
  for (const row of [...byStatus, ...agentByStatus]) {
    if ((EVALUATION_STATUSES as readonly string[]).includes(row.status)) counts[row.status as EvaluationStatus] += row._count._all;
  }
  // A large run's rows are created by the worker while it judges: the ones still to come are pending.
  if (run.materialising) counts.pending += Math.max(0, run.total - Object.values(counts).reduce((sum, count) => sum + count, 0));
  const finished = counts.done + counts["not-applicable"] + counts.error;
  return {
    runId: run.id,
    status: run.status,
    total: run.total,
    counts,
    finished,
    fraction: run.total ? finished / run.total : 1,
    cacheHits: run.cacheHits,
    error: run.error,
    errors: [...byError, ...agentByError]
      .map((row) => ({ error: row.error ?? "", errorKind: row.errorKind, count: row._count._all }))
      .sort((a, b) => b.count - a.count)
      .slice(0, errorGroups),
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}
