import type { CriterionScale } from "@/lib/criteria/parse";
import { finite } from "./finite";

/**
 * Where a continuous score turns into a verdict. Scores are "high is good" for every criterion
 * kind (a Penalize criterion scores low when its condition holds), so one threshold serves all.
 */
export const PASS_THRESHOLD = 0.5;

export type Verdict = "pass" | "fail" | "n/a";

/** Rows and columns of flip matrices and legends, in display order. */
export const VERDICTS: readonly Verdict[] = ["pass", "fail", "n/a"];

/** What a verdict needs of a result; the status is a plain string so Prisma rows fit as they are. */
export interface VerdictInput {
  status: string;
  score: number | null;
  passed: boolean | null;
}

/**
 * Pass or fail from a result's values. Binary: `passed`, or its score when a judge gave only that
 * (binary scores are 1 or 0). Continuous: score >= 0.5, so charts and flip matrices treat both
 * scales alike. Null when the value the scale needs is missing.
 */
export function passes(scale: CriterionScale, score: number | null, passed: boolean | null): boolean | null {
  const value = finite(score);
  if (scale === "binary" && passed !== null) return passed;
  return value === null ? null : value >= PASS_THRESHOLD;
}

/**
 * The verdict of a settled result: pass, fail or "n/a" (not applicable). Null when there is no
 * verdict to count: no result, one still pending or running, an error, or a done row lacking the
 * value its scale needs.
 */
export function verdictOf(result: VerdictInput | null | undefined, scale: CriterionScale): Verdict | null {
  if (!result) return null;
  if (result.status === "not-applicable") return "n/a";
  if (result.status !== "done") return null;
  const verdict = passes(scale, result.score, result.passed);
  return verdict === null ? null : verdict ? "pass" : "fail";
}
