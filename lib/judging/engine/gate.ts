import type { CriterionSummary, Summary } from "./summarise";

export interface GateFailure {
  criterionIndex: number;
  criterion: string;
  reason: string;
}

export interface GateResult {
  passed: boolean;
  failUnder: number | null;
  failures: GateFailure[];
}

// Means of scores such as 0.7 and 0.9 land a hair under 0.8; that must not fail a 0.8 gate.
const EPSILON = 1e-9;

/** What a criterion is measured by at the gate: the pass rate for binary criteria, the mean score otherwise. */
export function gateValue(summary: CriterionSummary): number | null {
  return summary.scale === "binary" ? summary.passRate : summary.meanScore;
}

/**
 * The CI verdict on a summary. It fails when:
 * - any evaluation of any criterion errored (a judge that failed measured nothing, so a green
 *   build would be a guess), whether or not a threshold is given;
 * - with a threshold, a criterion's mean score (for binary criteria, its pass rate) is below it;
 * - with a threshold, a criterion has nothing judged at all (every result not applicable, or no
 *   tool calls): a threshold on nothing is not a pass.
 * Not-applicable results are otherwise left out of the numbers, never counted as passes or failures.
 */
export function gate(summary: Summary, failUnder?: number | null): GateResult {
  const threshold = failUnder ?? null;
  const failures: GateFailure[] = [];
  for (const criterion of summary.criteria) {
    const fail = (reason: string) => failures.push({ criterionIndex: criterion.criterionIndex, criterion: criterion.criterion, reason });
    if (criterion.errors > 0) fail(`${criterion.errors} of ${criterion.total} evaluation${criterion.total === 1 ? "" : "s"} failed`);
    if (threshold === null) continue;
    const value = gateValue(criterion);
    const measure = criterion.scale === "binary" ? "pass rate" : "mean score";
    if (value === null) {
      fail(criterion.total === 0 ? "no tool call was evaluated" : `nothing was judged (${criterion.notApplicable} not applicable), so the ${measure} cannot meet ${threshold}`);
    } else if (value + EPSILON < threshold) {
      fail(`${measure} ${formatNumber(value)} is below ${threshold}`);
    }
  }
  return { passed: failures.length === 0, failUnder: threshold, failures };
}

export function formatNumber(value: number): string {
  return value.toFixed(2);
}
