import type { PrismaClient } from "@/lib/generated/prisma/client";
import { EVALUATION_STATUSES, type EvaluationStatus } from "@/lib/runs/schemas/runs";
import { progressStore } from "./progress-store";

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

const LIVE = new Set(["pending", "running"]);

/**
 * Live progress for the runs pages. A run that finished done is read from its counters
 * (countersFinal); a cancelled or failed run's counts come from its rows, grouped by status.
 * A run being judged is read from its counters (kept in the transaction that writes each
 * result) and from the few rows its (runId, status) index holds in the small statuses (running,
 * error): grouping every row of a run of 300,000 results on each poll kept the
 * web server's event loop busy for hundreds of milliseconds while pages waited.
 */
/** How many error groups the run page shows. */
export const RUN_PAGE_ERROR_GROUPS = 5;

/**
 * `errorsOf`: the run's error groups from elsewhere (the worker's "errors" snapshot, run-page-cache.ts):
 * grouped here, a finished run of 1.26 million results read each of its 3,765 error rows from the
 * table (the error text is in no index) on every first view, 200-400 ms.
 */
export async function getRunProgress(prisma: PrismaClient, runId: string, errorGroups = RUN_PAGE_ERROR_GROUPS, errorsOf?: () => Promise<RunErrorGroup[]>): Promise<RunProgress | null> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      status: true,
      total: true,
      doneCount: true,
      notApplicableCount: true,
      errorCount: true,
      cacheHits: true,
      error: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      materialising: true,
    },
  });
  if (!run) return null;
  const live = LIVE.has(run.status);
  const [counts, errors] = await Promise.all([
    live ? liveCounts(prisma, run) : countersFinal(run) ? countsFromCounters(run, 0) : countedStatuses(prisma, run),
    run.errorCount > 0 || !live ? (errorsOf ? errorsOf() : errorGroupsOf(prisma, runId, errorGroups)) : [],
  ]);
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
    errors,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

type StatusCounts = Record<EvaluationStatus, number>;
const zeroCounts = () => Object.fromEntries(EVALUATION_STATUSES.map((status) => [status, 0])) as StatusCounts;

/** Every row of the run (call-level and agent-level) grouped by status. */
async function countedStatuses(prisma: PrismaClient, run: { id: string; total: number; materialising: boolean }): Promise<StatusCounts> {
  const [byStatus, agentByStatus] = await Promise.all([
    prisma.evaluation.groupBy({ by: ["status"], where: { runId: run.id }, _count: { _all: true } }),
    // Agent-level results (one per transcript and agent criterion) are part of the run's progress.
    prisma.transcriptEvaluation.groupBy({ by: ["status"], where: { runId: run.id }, _count: { _all: true } }),
  ]);
  const counts = zeroCounts();
  for (const row of [...byStatus, ...agentByStatus]) {
    if ((EVALUATION_STATUSES as readonly string[]).includes(row.status)) counts[row.status as EvaluationStatus] += row._count._all;
  }
  // A large run's rows are created by the worker while it judges: the ones still to come are pending.
  if (run.materialising) counts.pending += Math.max(0, run.total - Object.values(counts).reduce((sum, count) => sum + count, 0));
  return counts;
}

/**
 * A running run's counts from its counters (doneCount: done and not applicable, of which
 * notApplicableCount; errorCount) and from its running rows alone, the claimed ones, at most a few
 * batches per worker; whatever is neither finished nor running, created yet or not, is pending.
 * (Counting the not-applicable rows instead grew with the run: in both modes a criterion about
 * responses is not applicable to every call immediately, and on PostgreSQL, at 300,000 results of
 * which 160,695 not applicable and just written, that count took 130-180 ms a request.)
 */
async function liveCounts(prisma: PrismaClient, run: RunCounters): Promise<StatusCounts> {
  return countsFromCounters(run, await runningRows(prisma, run.id));
}

async function runningRows(prisma: PrismaClient, runId: string): Promise<number> {
  return progressStore(prisma).runningRows(prisma, runId);
}

interface RunCounters {
  id: string;
  status: string;
  total: number;
  doneCount: number;
  notApplicableCount: number;
  errorCount: number;
  materialising: boolean;
}

function countsFromCounters(run: RunCounters, running: number): StatusCounts {
  const counts = zeroCounts();
  counts.running = running;
  counts["not-applicable"] = Math.min(run.notApplicableCount, run.doneCount);
  counts.done = run.doneCount - counts["not-applicable"];
  counts.error = run.errorCount;
  counts.pending = Math.max(0, run.total - run.doneCount - run.errorCount - counts.running);
  return counts;
}

/**
 * Whether a finished run's counters are its counts: a run that ended done with every result
 * settled (every result's write moves them in its transaction; the worker closes a run with its
 * last result or, for a large one, once its final snapshots are taken at those counters, or
 * recounts them from the rows). Grouping its rows instead, the first views of a 300,000-result run that had just finished
 * waited seconds each. A cancelled run keeps rows pending, and its rows are counted.
 */
function countersFinal(run: RunCounters): boolean {
  return run.status === "done" && !run.materialising && run.doneCount + run.errorCount === run.total;
}

/** The most frequent evaluation errors of the run, call-level and agent-level together. */
export async function errorGroupsOf(prisma: PrismaClient, runId: string, take: number): Promise<RunErrorGroup[]> {
  const [byError, agentByError] = await Promise.all([
    prisma.evaluation.groupBy({ by: ["error", "errorKind"], where: { runId, status: "error" }, _count: { _all: true }, orderBy: { _count: { id: "desc" } }, take }),
    prisma.transcriptEvaluation.groupBy({ by: ["error", "errorKind"], where: { runId, status: "error" }, _count: { _all: true }, orderBy: { _count: { id: "desc" } }, take }),
  ]);
  return [...byError, ...agentByError]
    .map((row) => ({ error: row.error ?? "", errorKind: row.errorKind, count: row._count._all }))
    .sort((a, b) => b.count - a.count)
    .slice(0, take);
}
