/*
 * Judge verdicts against the task outcome a transcript's metadata gives (success or failure):
 * does a criterion predict failure? Per criterion and mode, its pass rate and mean score on
 * successful and on failed transcripts, and how well a transcript's lowest call score separates
 * the two: the ROC AUC, the chance that a successful transcript's lowest score is above a failed
 * one's (ties count half). 0.5 is no better than chance; 1, every failure scored below every
 * success; under 0.5, the criterion scores failures higher.
 */

/** The mode of an agent-level criterion's outcome line: judged once per transcript, whatever the run's mode. */
export const AGENT_MODE = "agent";

/** At least this many successful and this many failed transcripts with a score before an AUC is given. */
export const MIN_PER_OUTCOME = 3;

/**
 * Transcripts of one criterion, mode and outcome that share their lowest call score, with the
 * verdicts and scores of all their results. A call's score is the judge's score, or 1/0 for a
 * pass/fail verdict given without one; minScore is null for transcripts with no scored result.
 */
export interface OutcomeBucket {
  criterionId: string;
  mode: string;
  success: boolean;
  minScore: number | null;
  transcripts: number;
  passed: number;
  failed: number;
  scoreSum: number;
  scored: number;
}

export interface OutcomeSide {
  transcripts: number;
  /** Results with a verdict (pass or fail). */
  verdicts: number;
  passRate: number | null;
  meanScore: number | null;
}

export type Separation =
  | { kind: "auc"; auc: number; successful: number; failed: number }
  | { kind: "not-enough-data"; successful: number; failed: number; needed: number };

export interface CriterionOutcome {
  criterionId: string;
  mode: string;
  successful: OutcomeSide;
  failed: OutcomeSide;
  /** Over transcripts with a lowest score; `successful` and `failed` count those. */
  separation: Separation;
}

export interface Weighted {
  value: number;
  weight: number;
}

/**
 * P(a positive's value > a negative's value) + ½ P(equal), over weighted values (the
 * Mann–Whitney U divided by n₊·n₋). Null when either side is empty.
 */
export function rocAuc(positives: readonly Weighted[], negatives: readonly Weighted[]): number | null {
  const totalPositive = positives.reduce((n, p) => n + p.weight, 0);
  const totalNegative = negatives.reduce((n, p) => n + p.weight, 0);
  if (totalPositive <= 0 || totalNegative <= 0) return null;
  const byValue = new Map<number, { positive: number; negative: number }>();
  const add = (items: readonly Weighted[], side: "positive" | "negative") => {
    for (const item of items) {
      const entry = byValue.get(item.value) ?? { positive: 0, negative: 0 };
      entry[side] += item.weight;
      byValue.set(item.value, entry);
    }
  };
  add(positives, "positive");
  add(negatives, "negative");
  let negativesBelow = 0;
  let wins = 0;
  // Ascending: a positive beats the negatives below its value and ties those at it.
  for (const [, entry] of [...byValue.entries()].sort((a, b) => a[0] - b[0])) {
    wins += entry.positive * (negativesBelow + entry.negative / 2);
    negativesBelow += entry.negative;
  }
  return wins / (totalPositive * totalNegative);
}

/**
 * The AUC's 95% interval by Hanley and McNeil's (1982) standard error, from the AUC and the two
 * counts alone, clipped to [0, 1]: enough to tell a criterion that separates outcomes from one
 * whose AUC is chance within its uncertainty.
 */
export function aucInterval(auc: number, successful: number, failed: number): [number, number] {
  const q1 = auc / (2 - auc);
  const q2 = (2 * auc * auc) / (1 + auc);
  const variance = (auc * (1 - auc) + (successful - 1) * (q1 - auc * auc) + (failed - 1) * (q2 - auc * auc)) / (successful * failed);
  const half = 1.96 * Math.sqrt(Math.max(0, variance));
  return [Math.max(0, auc - half), Math.min(1, auc + half)];
}

const side = (buckets: readonly OutcomeBucket[]): OutcomeSide => {
  const verdicts = buckets.reduce((n, b) => n + b.passed + b.failed, 0);
  const scored = buckets.reduce((n, b) => n + b.scored, 0);
  return {
    transcripts: buckets.reduce((n, b) => n + b.transcripts, 0),
    verdicts,
    passRate: verdicts > 0 ? buckets.reduce((n, b) => n + b.passed, 0) / verdicts : null,
    meanScore: scored > 0 ? buckets.reduce((n, b) => n + b.scoreSum, 0) / scored : null,
  };
};

const lowest = (buckets: readonly OutcomeBucket[]): Weighted[] =>
  buckets.flatMap((b) => (b.minScore === null ? [] : [{ value: b.minScore, weight: b.transcripts }]));

/** One line per criterion and mode, in the order they first appear in the buckets. */
export function verdictsVsOutcome(buckets: readonly OutcomeBucket[], minPerOutcome = MIN_PER_OUTCOME): CriterionOutcome[] {
  const groups = new Map<string, OutcomeBucket[]>();
  for (const bucket of buckets) {
    const key = `${bucket.criterionId}\u0000${bucket.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), bucket]);
  }
  return [...groups.values()].map((group) => {
    const successful = group.filter((b) => b.success);
    const failed = group.filter((b) => !b.success);
    const positives = lowest(successful);
    const negatives = lowest(failed);
    const counts = { successful: positives.reduce((n, p) => n + p.weight, 0), failed: negatives.reduce((n, p) => n + p.weight, 0) };
    const auc = counts.successful >= minPerOutcome && counts.failed >= minPerOutcome ? rocAuc(positives, negatives) : null;
    return {
      criterionId: group[0].criterionId,
      mode: group[0].mode,
      successful: side(successful),
      failed: side(failed),
      separation: auc === null ? { kind: "not-enough-data", ...counts, needed: minPerOutcome } : { kind: "auc", auc, ...counts },
    };
  });
}
