import { estimateProgress, recordSample, type ProgressEstimate, type RateWindow } from "@/lib/runs/progress-estimate";
import type { RunProgress } from "./run-progress";

/** What `GET /api/runs/:id/progress` answers: the stored progress plus what a script polling it needs. */
export interface RunProgressReport extends RunProgress {
  /** True once the run is done, cancelled or failed: a script's loop ends here. */
  ended: boolean;
  /** Evaluations that failed (counts.error). */
  failed: number;
  /** Evaluations not yet judged nor being judged, including rows a worker has not created yet. */
  waiting: number;
  /** Finished evaluations per second over the last 20 s (the run's average once it ended); null while unknown. */
  rate: number | null;
  /** Seconds left at that rate; null while unknown or when nothing moves. */
  etaSeconds: number | null;
  estimate: ProgressEstimate;
}

// One window per run seen by this process; runs that ended need none, and the bound keeps a
// server polled about thousands of runs from growing without end.
const MAX_RUNS = 1_000;
const windows = new Map<string, RateWindow>();

function observe(runId: string, finished: number, now: number): RateWindow {
  const window = recordSample(windows.get(runId), { at: now, finished });
  windows.delete(runId);
  windows.set(runId, window);
  if (windows.size > MAX_RUNS) {
    const oldest = windows.keys().next().value;
    if (oldest !== undefined) windows.delete(oldest);
  }
  return window;
}

/**
 * Adds rate and time left to a run's progress. Every poller's reading is a sample in the run's
 * window, so the page and a CI script see the same figures.
 */
export function progressReport(progress: RunProgress, now: Date = new Date()): RunProgressReport {
  const ended = progress.status !== "pending" && progress.status !== "running";
  const at = now.getTime();
  let window: RateWindow | undefined;
  if (ended) windows.delete(progress.runId);
  else window = observe(progress.runId, progress.finished, at);
  const estimate = estimateProgress({
    status: progress.status,
    total: progress.total,
    finished: progress.finished,
    createdAt: progress.createdAt.getTime(),
    startedAt: progress.startedAt?.getTime() ?? null,
    finishedAt: progress.finishedAt?.getTime() ?? null,
    now: at,
    window,
  });
  return {
    ...progress,
    ended,
    failed: progress.counts.error,
    waiting: Math.max(0, progress.total - progress.finished - progress.counts.running),
    rate: estimate.rate,
    etaSeconds: estimate.etaSeconds,
    estimate,
  };
}
