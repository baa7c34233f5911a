import type { Timing } from "./bench-judge-clock";

/**
 * Passes after the first that are judged and checked but not timed: V8 is still moving the
 * judge's hot code up its compiler tiers, so they measure neither a new process nor a warm one.
 */
export const WARMUP_PASSES = 2;
/**
 * Steady state is measured over the passes after those: at least this many, and until they have
 * used this much CPU, so that one garbage collection or one noisy neighbour weighs little.
 */
export const MIN_WARM_PASSES = 5;
export const MIN_WARM_CPU_SECONDS = 3;
/** A bound for a machine so slow, or a set so small, that 3 s would take very many passes. */
export const MAX_WARM_PASSES = 50;

/**
 * Whether to judge the set once more. `requested` (from --passes) is an exact count; without it,
 * at least MIN_WARM_PASSES and until MIN_WARM_CPU_SECONDS of CPU, at most MAX_WARM_PASSES.
 */
export function wantsAnotherPass(done: number, cpuSeconds: number, requested: number | null): boolean {
  if (requested !== null) return done < requested;
  if (done < MIN_WARM_PASSES) return true;
  return cpuSeconds < MIN_WARM_CPU_SECONDS && done < MAX_WARM_PASSES;
}

export interface Totals {
  seconds: number;
  cpuSeconds: number;
  /** Null when any pass could not read the JavaScript thread's time. */
  threadSeconds: number | null;
}

/** Several passes' clocks added up. */
export function addTimings(timings: readonly Omit<Timing<unknown>, "value">[]): Totals {
  let seconds = 0;
  let cpuSeconds = 0;
  let threadSeconds: number | null = 0;
  for (const timing of timings) {
    seconds += timing.seconds;
    cpuSeconds += timing.cpuSeconds;
    threadSeconds = threadSeconds === null || timing.threadSeconds === null ? null : threadSeconds + timing.threadSeconds;
  }
  return { seconds, cpuSeconds, threadSeconds };
}

/** Index of the first entry where two passes' judgements differ, or -1 when they are the same. */
export function firstDifference(expected: readonly string[], actual: readonly string[]): number {
  const shared = Math.min(expected.length, actual.length);
  for (let index = 0; index < shared; index++) if (expected[index] !== actual[index]) return index;
  return expected.length === actual.length ? -1 : shared;
}
