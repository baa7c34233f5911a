/*
 * Sums one hour of a monitor's results into buckets: per criterion, overall and per model,
 * service, tag and prompt version, so that trends read a few hundred small rows instead of the
 * run's results.
 */

export const SPLITS = ["model", "service", "tag", "prompt"] as const;
export type Split = (typeof SPLITS)[number];
export type Dimension = "" | Split;

/** One result as the hour's query reads it, with its transcript's facts. */
export interface HourResult {
  criterionId: string;
  status: string;
  passed: boolean | null;
  score: number | null;
  model: string | null;
  service: string | null;
  tags: readonly string[];
  prompt: string | null;
}

export interface BucketSums {
  judged: number;
  passes: number;
  scoreSum: number;
  scoreSquares: number;
  notApplicable: number;
  errors: number;
}

export interface Bucket extends BucketSums {
  criterionId: string;
  dimension: Dimension;
  value: string;
}

/** A score at or above this counts as a pass, as the run page's verdicts count it. */
const PASS_SCORE = 0.5;

const emptySums = (): BucketSums => ({ judged: 0, passes: 0, scoreSum: 0, scoreSquares: 0, notApplicable: 0, errors: 0 });

function add(sums: BucketSums, row: HourResult): void {
  if (row.status === "error") sums.errors++;
  else if (row.status === "not-applicable") sums.notApplicable++;
  else if (row.status === "done" && (row.passed !== null || row.score !== null)) {
    sums.judged++;
    const pass = row.passed ?? (row.score as number) >= PASS_SCORE;
    if (pass) sums.passes++;
    const score = row.score ?? (row.passed ? 1 : 0);
    sums.scoreSum += score;
    sums.scoreSquares += score * score;
  }
}

function splitValues(row: HourResult): [Dimension, string][] {
  const values: [Dimension, string][] = [["", ""]];
  if (row.model) values.push(["model", row.model]);
  if (row.service) values.push(["service", row.service]);
  if (row.prompt) values.push(["prompt", row.prompt]);
  for (const tag of new Set(row.tags)) values.push(["tag", tag]);
  return values;
}

/**
 * Sums results into the hour's buckets as they are read: an hour of a busy monitor holds millions
 * of results, read page by page (rollup-hours.ts), never all at once.
 */
export class HourRollup {
  private readonly buckets = new Map<string, Bucket>();
  /** Results still pending or running: the hour is then summed again later. */
  unsettled = 0;

  add(row: HourResult): void {
    if (row.status === "pending" || row.status === "running") {
      this.unsettled++;
      return;
    }
    for (const [dimension, value] of splitValues(row)) {
      const key = `${row.criterionId}\u0000${dimension}\u0000${value}`;
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = { criterionId: row.criterionId, dimension, value, ...emptySums() }));
      add(bucket, row);
    }
  }

  result(): { buckets: Bucket[]; unsettled: number } {
    return { buckets: [...this.buckets.values()], unsettled: this.unsettled };
  }
}

/** The hour's buckets; `unsettled` counts the results still pending or running (the hour is then summed again later). */
export function rollupHour(rows: Iterable<HourResult>): { buckets: Bucket[]; unsettled: number } {
  const rollup = new HourRollup();
  for (const row of rows) rollup.add(row);
  return rollup.result();
}
