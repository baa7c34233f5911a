/**
 * Pure metrics for measuring a judge against labelled calls. "Positive" throughout means a
 * good call (verdict pass): a judge should pass it and score it high.
 */

export interface BinaryOutcome {
  /** The label: true for a good call. */
  actual: boolean;
  /** The judge's verdict; null (not applicable) is never correct. */
  predicted: boolean | null;
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN);

export function binaryAccuracy(outcomes: readonly BinaryOutcome[]): number {
  return mean(outcomes.map((outcome) => (outcome.predicted === outcome.actual ? 1 : 0)));
}

/** Share of calls of one class the judge got right; NaN when the class is empty. */
export function classRecall(outcomes: readonly BinaryOutcome[], actual: boolean): number {
  return binaryAccuracy(outcomes.filter((outcome) => outcome.actual === actual));
}

/** Mean of the recall on good calls and the recall on bad calls; classes absent are skipped. */
export function balancedAccuracy(outcomes: readonly BinaryOutcome[]): number {
  const recalls = [classRecall(outcomes, true), classRecall(outcomes, false)].filter((value) => !Number.isNaN(value));
  return mean(recalls);
}

/** Recall of each group: the share of its bad calls the judge failed. */
export function recallByGroup(items: readonly { group: string; detected: boolean }[]): Record<string, { recall: number; count: number }> {
  const groups = new Map<string, { hit: number; count: number }>();
  for (const item of items) {
    const entry = groups.get(item.group) ?? { hit: 0, count: 0 };
    entry.count++;
    if (item.detected) entry.hit++;
    groups.set(item.group, entry);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, { hit, count }]) => [group, { recall: hit / count, count }]));
}

/**
 * Area under the ROC curve: the probability that a random good call scores above a random bad
 * one, ties counting half (Mann-Whitney U from average ranks). NaN without both classes.
 */
export function rocAuc(items: readonly { score: number; positive: boolean }[]): number {
  const positives = items.filter((item) => item.positive).length;
  const negatives = items.length - positives;
  if (!positives || !negatives) return Number.NaN;
  const sorted = [...items].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1].score === sorted[start].score) end++;
    const averageRank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) if (sorted[index].positive) rankSum += averageRank;
    start = end + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** 1 when the good score is higher, 0.5 on a tie, 0 otherwise. */
export function compareScores(good: number, bad: number): number {
  return good > bad ? 1 : good === bad ? 0.5 : 0;
}

export interface ScoredPair {
  /** Scores of the calls of the good transcript. */
  good: readonly number[];
  /** Scores of the defective calls of its bad twin. */
  bad: readonly number[];
}

/**
 * Each pair counts once: the mean over every (good call, defective call) comparison in it, so a
 * question with four parallel calls weighs as much as a question with one.
 */
export function pairwiseAccuracy(pairs: readonly ScoredPair[]): number {
  const perPair = pairs
    .filter((pair) => pair.good.length && pair.bad.length)
    .map((pair) => mean(pair.bad.flatMap((bad) => pair.good.map((good) => compareScores(good, bad)))));
  return mean(perPair);
}
