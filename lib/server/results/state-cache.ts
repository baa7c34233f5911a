/**
 * Remembers values computed from a run's results for as long as the run's state says they
 * cannot have changed. Every write of a result moves the run's counters, and retries and
 * cancels change them or its status, so a finished run's aggregates are computed once instead
 * of on every page view, while a running run's are recomputed as they move.
 */
export class StateCache<T> {
  private readonly entries = new Map<string, { state: string; value: T }>();

  constructor(private readonly limit = 200) {}

  get(key: string, state: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.state !== state) return undefined;
    // Re-inserted so that the oldest entry is the least recently used one.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, state: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { state, value });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}

/** What changes whenever a run's results do: its status, counters and finishing time. */
export interface RunState {
  id: string;
  status: string;
  doneCount: number;
  errorCount: number;
  finishedAt: Date | null;
}

export function runStateKey(run: RunState): string {
  return `${run.status}|${run.doneCount}|${run.errorCount}|${run.finishedAt?.getTime() ?? ""}`;
}
