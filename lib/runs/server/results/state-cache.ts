import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * While a run is judged, a value computed from its results may be this many times as old as it
 * took to compute. A running run's page recomputes several such values (statistics, flips, tools,
 * metadata), each on the web server's event loop: at twelve times its cost each takes at most a
 * twelfth of the server's time, so together they leave it free for most requests. (At 600,000
 * results a run page's aggregates take seconds; recomputed on every view while every write moves
 * the counters, they kept the web server busy and pages unanswered.)
 */
const LIVE_STALENESS = 12;

/**
 * Remembers values computed from a run's results for as long as the run's state says they
 * cannot have changed. Every write of a result moves the run's counters, and retries and
 * cancels change them or its status, so a finished run's aggregates are computed once instead
 * of on every page view. A running run's are recomputed as they move, but no sooner than
 * LIVE_STALENESS times their cost: cheap ones stay live, costly ones lag by seconds.
 */
export class StateCache<T> {
  private readonly entries = new Map<string, { state: string; value: T; at: number; costMs: number }>();
  /** Computations under way, so that views arriving meanwhile wait for them instead of each starting one. */
  private readonly loading = new Map<string, { state: string; value: Promise<T> }>();

  constructor(private readonly limit = 200) {}

  get(key: string, state: string, now: number = performance.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const recent = isLive(entry.state) && isLive(state) && now - entry.at < LIVE_STALENESS * entry.costMs;
    if (entry.state !== state && !recent) return undefined;
    // Re-inserted so that the oldest entry is the least recently used one.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * The value being computed for the key, when one started in the same state, or in any state
   * of a run still judged (its value will be as fresh as one started now, within the staleness
   * allowed). When a large run finishes, every open view of its page asks for the same
   * aggregates at once: each used to compute them, and eight views of a 300,000-result run
   * kept the database busy for ten seconds and the pages unanswered.
   */
  pending(key: string, state: string): Promise<T> | undefined {
    const load = this.loading.get(key);
    if (!load) return undefined;
    return load.state === state || (isLive(load.state) && isLive(state)) ? load.value : undefined;
  }

  /** Records a computation under way until it settles; it is remembered only by `set`. */
  track(key: string, state: string, value: Promise<T>): Promise<T> {
    const entry = { state, value };
    this.loading.set(key, entry);
    const forget = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    value.then(forget, forget);
    return value;
  }

  /** `costMs`: how long the value took to compute, which bounds how stale it may be while the run is judged. */
  set(key: string, state: string, value: T, costMs = 0, now: number = performance.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { state, value, at: now, costMs });
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

/** A run's state as read now, or null when there is no such run. */
export function readRunState(prisma: PrismaClient, runId: string): Promise<RunState | null> {
  return prisma.run.findUnique({ where: { id: runId }, select: { id: true, status: true, doneCount: true, errorCount: true, finishedAt: true } });
}

export function runStateKey(run: RunState): string {
  return `${run.status}|${run.doneCount}|${run.errorCount}|${run.finishedAt?.getTime() ?? ""}`;
}

/** Whether a run's results have stopped moving: a value computed from them now stays exact. */
export function isSettled(run: RunState): boolean {
  return !isLive(runStateKey(run));
}

/** Whether a state (runStateKey) is of a run still being judged, whose results keep moving. */
function isLive(state: string): boolean {
  return state.startsWith("running|") || state.startsWith("pending|");
}

/**
 * The cache's value for the run's state, or `load`'s, remembered under the run's id (or under
 * `key`, for values of the run that differ by something else). The state is read before the
 * value, so a value is never older than the state it is kept under; a null value (the run was
 * deleted meanwhile) is not remembered. Callers that arrive while it is being computed for their
 * state share that computation (StateCache.pending).
 */
export async function remembered<T>(cache: StateCache<T>, run: RunState, load: () => Promise<T>, key: string = run.id): Promise<T> {
  const state = runStateKey(run);
  const known = cache.get(key, state);
  if (known !== undefined) return known;
  const pending = cache.pending(key, state);
  if (pending) return pending;
  const started = performance.now();
  return cache.track(
    key,
    state,
    load().then((value) => {
      if (value !== null) cache.set(key, state, value, performance.now() - started);
      return value;
    }),
  );
}
