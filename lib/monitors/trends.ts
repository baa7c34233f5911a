import { wilsonInterval } from "@/lib/runs/results/wilson";
import { DAY_MS, floorDay, HOUR_MS } from "./hours";
import type { BucketSums, Dimension } from "./rollup";

export const GRANULARITIES = ["hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface StoredBucket extends BucketSums {
  hour: number;
  criterionId: string;
  dimension: string;
  value: string;
}

export interface TrendPoint extends BucketSums {
  /** The bucket's start, ms. */
  t: number;
  /** Pass rate (pass/fail criteria) or mean score (scored ones); null with nothing judged. */
  value: number | null;
  /** The 95% interval: Wilson's for a rate, the normal approximation for a mean. */
  low: number | null;
  high: number | null;
}

export interface TrendSeries {
  /** The split's value ("" for all results). */
  value: string;
  points: TrendPoint[];
}

export interface CriterionTrend {
  criterionId: string;
  text: string;
  measure: "pass rate" | "mean score";
  series: TrendSeries[];
}

export interface ChangeMark {
  t: number;
  dimension: "model" | "prompt";
  before: string[];
  after: string[];
}

/** A measure and its 95% interval from sums. */
export function measureOf(sums: BucketSums, measure: CriterionTrend["measure"]): Pick<TrendPoint, "value" | "low" | "high"> {
  const n = sums.judged;
  if (!n) return { value: null, low: null, high: null };
  if (measure === "pass rate") {
    const interval = wilsonInterval(sums.passes, n);
    return { value: sums.passes / n, low: interval?.low ?? null, high: interval?.high ?? null };
  }
  const mean = sums.scoreSum / n;
  if (n < 2) return { value: mean, low: 0, high: 1 };
  const variance = Math.max(0, (sums.scoreSquares - (sums.scoreSum * sums.scoreSum) / n) / (n - 1));
  const half = 1.96 * Math.sqrt(variance / n);
  return { value: mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

const addSums = (into: BucketSums, from: BucketSums) => {
  into.judged += from.judged;
  into.passes += from.passes;
  into.scoreSum += from.scoreSum;
  into.scoreSquares += from.scoreSquares;
  into.notApplicable += from.notApplicable;
  into.errors += from.errors;
};

export const bucketStart = (hour: number, granularity: Granularity) => (granularity === "day" ? floorDay(hour) : hour);
export const bucketLength = (granularity: Granularity) => (granularity === "day" ? DAY_MS : HOUR_MS);

/**
 * Each criterion's series over [from, to): one per value of `split` ("" for none), one point per
 * hour or day that has results. The buckets are those of the monitor, any dimension.
 */
export function buildTrends(
  buckets: readonly StoredBucket[],
  criteria: readonly { id: string; text: string; scale: string }[],
  options: { granularity: Granularity; split: Dimension },
): CriterionTrend[] {
  const wanted = buckets.filter((bucket) => bucket.dimension === options.split);
  return criteria.map((criterion) => {
    const measure = criterion.scale === "binary" ? "pass rate" : "mean score";
    const byValue = new Map<string, Map<number, BucketSums>>();
    for (const bucket of wanted) {
      if (bucket.criterionId !== criterion.id) continue;
      const points = byValue.get(bucket.value) ?? new Map<number, BucketSums>();
      byValue.set(bucket.value, points);
      const t = bucketStart(bucket.hour, options.granularity);
      const sums = points.get(t) ?? { judged: 0, passes: 0, scoreSum: 0, scoreSquares: 0, notApplicable: 0, errors: 0 };
      addSums(sums, bucket);
      points.set(t, sums);
    }
    const series = [...byValue.entries()]
      .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
      .map(([value, points]) => ({
        value,
        points: [...points.entries()].sort(([a], [b]) => a - b).map(([t, sums]) => ({ t, ...sums, ...measureOf(sums, measure) })),
      }));
    return { criterionId: criterion.id, text: criterion.text, measure, series };
  });
}

/** Where the models or prompt versions seen change from one bucket with results to the next. */
export function changeMarks(buckets: readonly StoredBucket[], granularity: Granularity): ChangeMark[] {
  const marks: ChangeMark[] = [];
  for (const dimension of ["model", "prompt"] as const) {
    const seen = new Map<number, Set<string>>();
    for (const bucket of buckets) {
      if (bucket.dimension !== dimension) continue;
      const t = bucketStart(bucket.hour, granularity);
      const values = seen.get(t) ?? new Set<string>();
      values.add(bucket.value);
      seen.set(t, values);
    }
    let previous: string[] | null = null;
    for (const [t, values] of [...seen.entries()].sort(([a], [b]) => a - b)) {
      const current = [...values].sort();
      if (previous && current.join("\u0000") !== previous.join("\u0000")) marks.push({ t, dimension, before: previous, after: current });
      previous = current;
    }
  }
  return marks.sort((a, b) => a.t - b.t);
}
