import { finite } from "./finite";
import type { Verdict } from "./verdict";

/*
 * Two criteria judged on the same calls (in the same mode): how often their verdicts agree and
 * how their scores move together. Only calls both criteria judged count: a criterion that does
 * not apply to a call neither agrees nor disagrees with one that does.
 */

export interface VerdictPair {
  a: Verdict | null;
  b: Verdict | null;
}

export interface ScorePair {
  a: number | null;
  b: number | null;
}

export interface AgreementRate {
  /** agreed / total; null when no call has a pass or fail from both. */
  rate: number | null;
  agreed: number;
  /** Calls with a pass or fail from both criteria. */
  total: number;
}

type Judged = { a: "pass" | "fail"; b: "pass" | "fail" };

const judged = (pair: VerdictPair): pair is VerdictPair & Judged => (pair.a === "pass" || pair.a === "fail") && (pair.b === "pass" || pair.b === "fail");

export function agreementRate(pairs: readonly VerdictPair[]): AgreementRate {
  const both = pairs.filter(judged);
  const agreed = both.filter((pair) => pair.a === pair.b).length;
  return { rate: both.length ? agreed / both.length : null, agreed, total: both.length };
}

/**
 * Cohen's kappa: agreement corrected for what two criteria with these pass rates would reach by
 * chance. Null with no judged pairs, and when chance agreement is certain (both criteria give one
 * and the same verdict to every call), where kappa is 0 / 0.
 */
export function cohensKappa(pairs: readonly VerdictPair[]): number | null {
  const both = pairs.filter(judged);
  const n = both.length;
  if (!n) return null;
  const observed = both.filter((pair) => pair.a === pair.b).length / n;
  const aPass = both.filter((pair) => pair.a === "pass").length / n;
  const bPass = both.filter((pair) => pair.b === "pass").length / n;
  const chance = aPass * bPass + (1 - aPass) * (1 - bPass);
  if (chance === 1) return null;
  return (observed - chance) / (1 - chance);
}

/**
 * Pearson correlation of the two criteria's scores over pairs where both are finite. Null with
 * fewer than two pairs or when either side does not vary (the correlation is then undefined).
 */
export function pearsonCorrelation(pairs: readonly ScorePair[]): number | null {
  const points = pairs.flatMap((pair) => {
    const a = finite(pair.a);
    const b = finite(pair.b);
    return a === null || b === null ? [] : [{ a, b }];
  });
  // Compared exactly: the mean of equal floats can differ from them in the last bit, which would
  // give a constant side a tiny variance and a meaningless r.
  if (points.length < 2 || points.every((point) => point.a === points[0].a) || points.every((point) => point.b === points[0].b)) return null;
  const meanA = points.reduce((sum, point) => sum + point.a, 0) / points.length;
  const meanB = points.reduce((sum, point) => sum + point.b, 0) / points.length;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (const { a, b } of points) {
    covariance += (a - meanA) * (b - meanB);
    varianceA += (a - meanA) ** 2;
    varianceB += (b - meanB) ** 2;
  }
  if (varianceA === 0 || varianceB === 0) return null;
  // Rounding can carry |r| a hair past 1 for perfectly linear data.
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceA * varianceB)));
}

/** The calls where one criterion passes and the other fails, in input order, as given. */
export function disagreements<T extends VerdictPair>(pairs: readonly T[]): T[] {
  return pairs.filter((pair) => judged(pair) && pair.a !== pair.b);
}
