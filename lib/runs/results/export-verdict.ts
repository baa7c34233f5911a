import type { CriterionScale } from "@/lib/criteria/parse";
import { passes, PASS_THRESHOLD } from "./verdict";

/** What an export says of `passed`: by the judge, or from the score by the threshold the pages use. */
export const SCORE_PASS_RULE = `score >= ${PASS_THRESHOLD}`;

export interface ExportVerdict {
  /** Pass or fail as the pages count it (verdict.ts); null for a result without a verdict. */
  passed: boolean | null;
  /** "judge" when the judge gave pass or fail, SCORE_PASS_RULE when it comes from the score. */
  passed_from: "judge" | typeof SCORE_PASS_RULE | null;
}

/**
 * `passed` for an exported result, filled for score criteria as the pages fill it, and where it
 * came from: a pass/fail judge's own verdict, or the score against the threshold named in the file.
 */
export function exportVerdict(result: { status: string; score: number | null; passed: boolean | null }, scale: CriterionScale): ExportVerdict {
  if (result.status !== "done") return { passed: null, passed_from: null };
  const passed = passes(scale, result.score, result.passed);
  if (passed === null) return { passed: null, passed_from: null };
  return { passed, passed_from: scale === "binary" && result.passed !== null ? "judge" : SCORE_PASS_RULE };
}
