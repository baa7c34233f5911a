import {
  balancedAccuracy,
  binaryAccuracy,
  classRecall,
  pairwiseAccuracy,
  recallByGroup,
  rocAuc,
  type BinaryOutcome,
  type ScoredPair,
} from "@/scripts/bench/metrics";

/** What the bench knows of one labelled call once it has been judged (labels joined afterwards). */
export interface LabelledJudgement {
  caseId: string;
  /** Good and bad twins share it; null for a case with no twin. */
  pair: string | null;
  category: string | null;
  /** True when the call's own case has a call labelled fail (the bad twin). */
  caseHasDefect: boolean;
  label: { verdict: "pass" | "fail"; defect: string | null };
  /** One per criterion, in the order the criteria were given; `checks` found a problem (not a note). */
  results: { score: number | null; passed: boolean | null; checks?: readonly string[] }[];
}

export interface BenchCriterion {
  text: string;
  scale: "continuous" | "binary";
}

/** Continuous scores of calls judged not applicable rank in the middle. */
const NEUTRAL_SCORE = 0.5;

export interface BinaryMetrics {
  binaryAccuracy: number;
  balancedAccuracy: number;
  goodPassRate: number;
  /** Of the calls judged fail, the share labelled fail: how far a fail verdict can be trusted. */
  failPrecision: number;
  /** Share of labelled calls given a verdict rather than "not applicable". */
  verdictShare: number;
  perDefectRecall: Record<string, { recall: number; count: number }>;
  /** Of the calls judged fail with a problem found by a check, the share labelled fail: how far each check can be trusted. */
  perCheckFailPrecision: Record<string, { precision: number; count: number }>;
}

export interface ContinuousMetrics {
  pairwiseAccuracy: number;
  pairs: number;
  rocAuc: number;
  verdictShare: number;
}

export type CriterionMetrics = ({ scale: "binary" } & BinaryMetrics) | ({ scale: "continuous" } & ContinuousMetrics);

export function binaryMetrics(rows: readonly LabelledJudgement[], index: number): BinaryMetrics {
  const outcomes: BinaryOutcome[] = rows.map((row) => ({ actual: row.label.verdict === "pass", predicted: row.results[index].passed }));
  const failed = outcomes.filter((outcome) => outcome.predicted === false);
  const perDefect = recallByGroup(
    rows.filter((row) => row.label.verdict === "fail").map((row) => ({ group: row.label.defect ?? "unspecified", detected: row.results[index].passed === false })),
  );
  return {
    binaryAccuracy: binaryAccuracy(outcomes),
    balancedAccuracy: balancedAccuracy(outcomes),
    goodPassRate: classRecall(outcomes, true),
    failPrecision: failed.length ? failed.filter((outcome) => !outcome.actual).length / failed.length : Number.NaN,
    verdictShare: outcomes.length ? outcomes.filter((outcome) => outcome.predicted !== null).length / outcomes.length : Number.NaN,
    perDefectRecall: perDefect,
    perCheckFailPrecision: failPrecisionByCheck(rows, index),
  };
}

function failPrecisionByCheck(rows: readonly LabelledJudgement[], index: number): Record<string, { precision: number; count: number }> {
  const tally = new Map<string, { right: number; count: number }>();
  for (const row of rows) {
    const result = row.results[index];
    if (result.passed !== false) continue;
    for (const check of new Set(result.checks ?? [])) {
      const entry = tally.get(check) ?? { right: 0, count: 0 };
      entry.count++;
      if (row.label.verdict === "fail") entry.right++;
      tally.set(check, entry);
    }
  }
  return Object.fromEntries([...tally].sort((a, b) => b[1].count - a[1].count).map(([check, { right, count }]) => [check, { precision: right / count, count }]));
}

export function continuousMetrics(rows: readonly LabelledJudgement[], index: number): ContinuousMetrics {
  const score = (row: LabelledJudgement) => row.results[index].score ?? NEUTRAL_SCORE;
  const pairs = new Map<string, { good: number[]; bad: number[] }>();
  for (const row of rows) {
    if (row.pair === null) continue;
    const entry = pairs.get(row.pair) ?? { good: [], bad: [] };
    // A good twin's calls against its bad twin's defective calls.
    if (!row.caseHasDefect) entry.good.push(score(row));
    else if (row.label.verdict === "fail") entry.bad.push(score(row));
    pairs.set(row.pair, entry);
  }
  const scored: ScoredPair[] = [...pairs.values()].filter((pair) => pair.good.length && pair.bad.length);
  return {
    pairwiseAccuracy: pairwiseAccuracy(scored),
    pairs: scored.length,
    rocAuc: rocAuc(rows.map((row) => ({ score: score(row), positive: row.label.verdict === "pass" }))),
    verdictShare: rows.length ? rows.filter((row) => row.results[index].score !== null).length / rows.length : Number.NaN,
  };
}

export function criterionMetrics(rows: readonly LabelledJudgement[], criteria: readonly BenchCriterion[]): CriterionMetrics[] {
  return criteria.map((criterion, index) =>
    criterion.scale === "binary" ? { scale: "binary", ...binaryMetrics(rows, index) } : { scale: "continuous", ...continuousMetrics(rows, index) },
  );
}

/** The rows of each category, in first-seen order; rows without one fall under "(none)". */
export function byCategory(rows: readonly LabelledJudgement[]): Map<string, LabelledJudgement[]> {
  const groups = new Map<string, LabelledJudgement[]>();
  for (const row of rows) {
    const key = row.category ?? "(none)";
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The headline figures the README and issues quote: the first binary criterion's verdict metrics
 * and the first continuous criterion's ranking metrics.
 */
export function headline(metrics: readonly CriterionMetrics[]) {
  const binary = metrics.find((entry): entry is Extract<CriterionMetrics, { scale: "binary" }> => entry.scale === "binary");
  const continuous = metrics.find((entry): entry is Extract<CriterionMetrics, { scale: "continuous" }> => entry.scale === "continuous");
  return {
    binaryAccuracy: binary?.binaryAccuracy ?? Number.NaN,
    balancedAccuracy: binary?.balancedAccuracy ?? Number.NaN,
    goodPassRate: binary?.goodPassRate ?? Number.NaN,
    failPrecision: binary?.failPrecision ?? Number.NaN,
    verdictShare: binary?.verdictShare ?? continuous?.verdictShare ?? Number.NaN,
    perDefectRecall: Object.fromEntries(Object.entries(binary?.perDefectRecall ?? {}).map(([defect, { recall }]) => [defect, recall])),
    pairwiseAccuracy: continuous?.pairwiseAccuracy ?? Number.NaN,
    rocAuc: continuous?.rocAuc ?? Number.NaN,
  };
}
