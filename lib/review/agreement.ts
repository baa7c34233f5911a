import type { CriterionScale } from "@/lib/criteria/parse";
import { cohensKappa, type VerdictPair } from "@/lib/runs/results/criteria-agreement";
import { finite } from "@/lib/runs/results/finite";
import { passes, PASS_THRESHOLD } from "@/lib/runs/results/verdict";
import type { HumanVerdictKind } from "./human-verdict";

/** One reviewed result: the judge's values and the person's verdict on them. */
export interface ReviewedResult {
  judgeId: string;
  criterionId: string;
  scale: CriterionScale;
  judgeScore: number | null;
  judgePassed: boolean | null;
  verdict: HumanVerdictKind;
  /** The correction on a binary criterion when the person disagreed. */
  humanPassed: boolean | null;
  /** The correction on a continuous criterion when the person disagreed. */
  humanScore: number | null;
}

/** A verdict in a confusion matrix. */
export type PassFail = "pass" | "fail";

/** Counts of reviewed results by judge verdict (first key) and human verdict (second key). */
export type ConfusionMatrix = Record<PassFail, Record<PassFail, number>>;

/** How people received one judge's results on one criterion. */
export interface JudgeAgreement {
  judgeId: string;
  criterionId: string;
  scale: CriterionScale;
  /** Results with a human verdict. */
  reviewed: number;
  agreed: number;
  disagreed: number;
  /** Marked for discussion: reviewed, but not yet decided either way. */
  discussed: number;
  /** agreed / (agreed + disagreed): discussions are left out; null when nothing was decided. */
  agreementRate: number | null;
  /**
   * Judge pass/fail against the human pass/fail, over decided results whose judge verdict is
   * known. The human verdict is the judge's own on agreement, the correction on disagreement
   * (a continuous correction counts as pass from PASS_THRESHOLD up). A corrected score on the
   * same side of the threshold disagrees with the score yet lands on the diagonal.
   */
  confusion: ConfusionMatrix;
  /** Cohen's kappa of judge against human over the confusion matrix; null when undefined (see cohensKappa). */
  kappa: number | null;
}

const emptyMatrix = (): ConfusionMatrix => ({ pass: { pass: 0, fail: 0 }, fail: { pass: 0, fail: 0 } });

const word = (passed: boolean): PassFail => (passed ? "pass" : "fail");

/** The human pass/fail of a decided verdict; null when discussed or without a usable value. */
function humanPasses(row: ReviewedResult, judgePassed: boolean | null): boolean | null {
  switch (row.verdict) {
    case "agree":
      return judgePassed;
    case "disagree": {
      if (row.humanPassed !== null) return row.humanPassed;
      const score = finite(row.humanScore);
      return score === null ? null : score >= PASS_THRESHOLD;
    }
    case "discuss":
      return null;
  }
}

function summarise(rows: readonly ReviewedResult[]): JudgeAgreement {
  const first = rows[0];
  const confusion = emptyMatrix();
  const pairs: VerdictPair[] = [];
  let agreed = 0;
  let disagreed = 0;
  let discussed = 0;
  for (const row of rows) {
    if (row.verdict === "agree") agreed++;
    else if (row.verdict === "disagree") disagreed++;
    else discussed++;
    const judge = passes(row.scale, row.judgeScore, row.judgePassed);
    const human = humanPasses(row, judge);
    if (judge === null || human === null) continue;
    confusion[word(judge)][word(human)]++;
    pairs.push({ a: word(judge), b: word(human) });
  }
  const decided = agreed + disagreed;
  return {
    judgeId: first.judgeId,
    criterionId: first.criterionId,
    scale: first.scale,
    reviewed: rows.length,
    agreed,
    disagreed,
    discussed,
    agreementRate: decided > 0 ? agreed / decided : null,
    confusion,
    kappa: cohensKappa(pairs),
  };
}

/**
 * How often people agreed with each judge on each criterion, from reviewed results; one entry
 * per (judge, criterion) that has any, ordered by judge then criterion id.
 */
export function humanAgreement(rows: readonly ReviewedResult[]): JudgeAgreement[] {
  const groups = new Map<string, ReviewedResult[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.judgeId, row.criterionId]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()]
    .map(summarise)
    .sort((a, b) => (a.judgeId === b.judgeId ? compare(a.criterionId, b.criterionId) : compare(a.judgeId, b.judgeId)));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
