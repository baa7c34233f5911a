import type { Criterion, CriterionScale } from "@/lib/criteria/parse";
import { isAgentResult, type EvalResult } from "./types";

export interface CriterionSummary {
  criterionIndex: number;
  criterion: string;
  scale: CriterionScale;
  /** Results for this criterion: calls × views, or transcripts for an agent-level criterion. */
  total: number;
  /** Results with a score or a verdict. */
  judged: number;
  notApplicable: number;
  errors: number;
  /** Mean score of the judged results; null when nothing was judged. */
  meanScore: number | null;
  /** Binary criteria only (null for continuous ones). */
  passed: number | null;
  failed: number | null;
  /** Binary criteria only: passed / judged; null when nothing was judged. */
  passRate: number | null;
}

export interface Summary {
  criteria: CriterionSummary[];
  transcripts: number;
  calls: number;
  results: number;
  judged: number;
  notApplicable: number;
  errors: number;
}

/**
 * Per-criterion numbers of a set of results. Pass the criteria to list those that got no result
 * at all (a file without tool calls); otherwise they are taken from the results.
 */
export function summarise(results: readonly EvalResult[], criteria?: readonly Pick<Criterion, "text" | "scale">[]): Summary {
  const listed = criteria
    ? criteria.map((criterion, index) => ({ index, text: criterion.text, scale: criterion.scale }))
    : [...new Map(results.map((r) => [r.criterionIndex, { index: r.criterionIndex, text: r.criterion, scale: r.scale }])).values()].sort((a, b) => a.index - b.index);
  const summaries = listed.map(({ index, text, scale }) => summariseCriterion(index, text, scale, results.filter((r) => r.criterionIndex === index)));
  return {
    criteria: summaries,
    transcripts: new Set(results.map((r) => r.item)).size,
    calls: new Set(results.flatMap((r) => (isAgentResult(r) ? [] : [`${r.item}|${r.callOrdinal}`]))).size,
    results: results.length,
    judged: sum(summaries.map((s) => s.judged)),
    notApplicable: sum(summaries.map((s) => s.notApplicable)),
    errors: sum(summaries.map((s) => s.errors)),
  };
}

function summariseCriterion(criterionIndex: number, criterion: string, scale: CriterionScale, results: readonly EvalResult[]): CriterionSummary {
  const judged = results.filter((r) => r.status === "done" && r.score !== null);
  const scores = judged.map((r) => r.score as number);
  const binary = scale === "binary";
  const passed = binary ? judged.filter((r) => r.passed === true).length : null;
  const failed = binary ? judged.filter((r) => r.passed === false).length : null;
  return {
    criterionIndex,
    criterion,
    scale,
    total: results.length,
    judged: judged.length,
    notApplicable: results.filter((r) => r.status === "not-applicable").length,
    errors: results.filter((r) => r.status === "error").length,
    meanScore: scores.length ? sum(scores) / scores.length : null,
    passed,
    failed,
    passRate: binary && judged.length ? (passed as number) / judged.length : null,
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
