import { finite } from "./finite";
import { VERDICTS, type Verdict } from "./verdict";

export { agreementRate, cohensKappa, disagreements, pearsonCorrelation, type AgreementRate, type ScorePair, type VerdictPair } from "./criteria-agreement";

/*
 * Aggregates over results of one criterion. They take verdicts (see `verdictOf`) and scores
 * rather than rows, so every page and chart counts with the same rules: null (no settled result)
 * and "n/a" never count as a pass or a fail, and nulls and non-finite scores are skipped.
 */

export interface PassRate {
  /** passed / (passed + failed); null when nothing passed or failed. */
  rate: number | null;
  passed: number;
  failed: number;
  /** Not applicable: counted apart, never in the rate. */
  notApplicable: number;
}

export function passRate(verdicts: readonly (Verdict | null)[]): PassRate {
  let passed = 0;
  let failed = 0;
  let notApplicable = 0;
  for (const verdict of verdicts) {
    if (verdict === "pass") passed++;
    else if (verdict === "fail") failed++;
    else if (verdict === "n/a") notApplicable++;
  }
  return { rate: passed + failed ? passed / (passed + failed) : null, passed, failed, notApplicable };
}

/** Mean of the finite scores; null when there are none. */
export function meanScore(scores: readonly (number | null)[]): number | null {
  const values = scores.map(finite).filter((value) => value !== null);
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge, except for the last bin, which holds 1.0 too. */
  to: number;
  count: number;
}

export interface ScoreHistogram {
  bins: HistogramBin[];
  /** Scores placed in bins. */
  total: number;
  /** Finite scores outside [0, 1]: reported, not clamped, so a judge's bad output stays visible. */
  outOfRange: number;
}

/** Scores in `binCount` equal bins over [0, 1]; nulls and non-finite scores are skipped. */
export function scoreHistogram(scores: readonly (number | null)[], binCount = 10): ScoreHistogram {
  if (!Number.isInteger(binCount) || binCount < 1) throw new RangeError(`binCount must be a positive integer, got ${binCount}`);
  const bins = Array.from({ length: binCount }, (_, index) => ({ from: index / binCount, to: (index + 1) / binCount, count: 0 }));
  let total = 0;
  let outOfRange = 0;
  for (const score of scores.map(finite)) {
    if (score === null) continue;
    if (score < 0 || score > 1) {
      outOfRange++;
      continue;
    }
    bins[binIndex(score, binCount)].count++;
    total++;
  }
  return { bins, total, outOfRange };
}

// floor(score × n) can land one bin off the edges `from = i / n` in floating point; the edges
// are what a reader sees, so the index is corrected against them.
function binIndex(score: number, binCount: number): number {
  let index = Math.min(binCount - 1, Math.floor(score * binCount));
  if (index > 0 && score < index / binCount) index--;
  if (index < binCount - 1 && score >= (index + 1) / binCount) index++;
  return index;
}

export interface GroupPassRate extends PassRate {
  group: string;
}

/** Pass rate per group (a tool name, say), sorted by group name. */
export function passRateByGroup(items: readonly { group: string; verdict: Verdict | null }[]): GroupPassRate[] {
  const groups = new Map<string, (Verdict | null)[]>();
  for (const { group, verdict } of items) {
    const verdicts = groups.get(group);
    if (verdicts) verdicts.push(verdict);
    else groups.set(group, [verdict]);
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, verdicts]) => ({ group, ...passRate(verdicts) }));
}

export interface FlipMatrix {
  /** counts[immediate][hindsight]: rows are the immediate verdict, columns the hindsight one. */
  counts: Record<Verdict, Record<Verdict, number>>;
  /** Pairs in the matrix. */
  total: number;
  /** Pairs left out because a side had no settled result (missing, pending, running or error). */
  excluded: number;
  /** Pass → fail plus fail → pass. */
  flips: number;
  /** flips / pairs with pass or fail on both sides; null when there are none. */
  flipRate: number | null;
}

/** Immediate verdict × hindsight verdict over a criterion's calls, with counts for every cell. */
export function flipMatrix(pairs: readonly { immediate: Verdict | null; hindsight: Verdict | null }[]): FlipMatrix {
  const counts = Object.fromEntries(VERDICTS.map((row) => [row, Object.fromEntries(VERDICTS.map((column) => [column, 0]))])) as Record<Verdict, Record<Verdict, number>>;
  let total = 0;
  let excluded = 0;
  for (const { immediate, hindsight } of pairs) {
    if (immediate === null || hindsight === null) {
      excluded++;
      continue;
    }
    counts[immediate][hindsight]++;
    total++;
  }
  const flips = counts.pass.fail + counts.fail.pass;
  const judgedBoth = flips + counts.pass.pass + counts.fail.fail;
  return { counts, total, excluded, flips, flipRate: judgedBoth ? flips / judgedBoth : null };
}
