import type { CriterionScale } from "@/lib/criteria/parse";
import { finite } from "./finite";
import { verdictOf } from "./verdict";

/** The run view's filters that pick results (not calls): the same rules as the server's SQL. */
export interface ResultFilter {
  criterion?: string;
  mode?: string;
  verdict?: "pass" | "fail" | "na" | "error";
  min?: number;
  max?: number;
}

export interface FilterableResult {
  criterionId: string;
  mode: string;
  status: string;
  score: number | null;
  passed: boolean | null;
}

/** True when the view filters results by verdict or score: only then may a cell not match it. */
export function filtersResults(filter: ResultFilter): boolean {
  return filter.verdict !== undefined || filter.min !== undefined || filter.max !== undefined;
}

/**
 * Whether one result is one the filter asked for. A call is listed when any result matches; the
 * table marks which ones do, so a fail filter never seems to list calls that only pass.
 */
export function resultMatches(result: FilterableResult, scale: CriterionScale, filter: ResultFilter): boolean {
  if (!filtersResults(filter)) return true;
  if (filter.criterion !== undefined && result.criterionId !== filter.criterion) return false;
  if (filter.mode !== undefined && result.mode !== filter.mode) return false;
  if (filter.verdict === "error" && result.status !== "error") return false;
  if (filter.verdict === "na" && result.status !== "not-applicable") return false;
  if (filter.verdict === "pass" || filter.verdict === "fail") {
    if (verdictOf(result, scale) !== filter.verdict) return false;
  }
  if (filter.min !== undefined || filter.max !== undefined) {
    const score = result.status === "done" ? finite(result.score) : null;
    if (score === null) return false;
    if (filter.min !== undefined && score < filter.min) return false;
    if (filter.max !== undefined && score > filter.max) return false;
  }
  return true;
}
