import type { SettledOutcome } from "./outcome";

/** What a group of written results adds to its run's counters (Run.doneCount and the others). */
export interface RunCounter {
  /** Done and not applicable. */
  done: number;
  notApplicable: number;
  error: number;
  cached: number;
}

/** Counts one written result for its run; both dialects' result writers use it. */
export function countOutcome(counters: Map<string, RunCounter>, runId: string, outcome: SettledOutcome): void {
  let counter = counters.get(runId);
  if (!counter) counters.set(runId, (counter = { done: 0, notApplicable: 0, error: 0, cached: 0 }));
  if (outcome.status === "error") {
    counter.error++;
    return;
  }
  counter.done++;
  if (outcome.status === "not-applicable") counter.notApplicable++;
  if (outcome.cached) counter.cached++;
}
