import type { CsvValue } from "@/lib/platform/csv";
import type { HumanMark } from "@/lib/runs/results/human-mark";
import type { HumanVerdictKind } from "@/lib/review/human-verdict";
import type { ReviewStatus } from "@/lib/review/status";

/**
 * A person's review of an exported result: JSON Lines nest it under `human` (null when the result
 * was never queued), CSV spreads it over the `human_*` columns. `passed` and `score` are what
 * people stand behind: the judge's own when they agreed, their correction when they disagreed,
 * empty under discussion or before anyone gave a verdict.
 */
export interface HumanExport {
  review_status: ReviewStatus;
  verdict: HumanVerdictKind | null;
  passed: boolean | null;
  score: number | null;
  label: string | null;
  reviewer: string | null;
  reviewed_at: string | null;
}

/** The CSV columns, after the judge's, each named for what a person said. */
export const HUMAN_EXPORT_COLUMNS = ["human_review_status", "human_verdict", "human_passed", "human_score", "human_label", "human_reviewer", "human_reviewed_at"] as const;

export function humanExport(mark: HumanMark | null): HumanExport | null {
  if (!mark) return null;
  return {
    review_status: mark.status,
    verdict: mark.verdict,
    passed: mark.passed,
    score: mark.score,
    label: mark.label,
    reviewer: mark.reviewer,
    reviewed_at: mark.verdictAt,
  };
}

/** The `human_*` fields of a CSV line, in HUMAN_EXPORT_COLUMNS order; all empty for an unreviewed result. */
export function humanCsvValues(human: HumanExport | null): CsvValue[] {
  if (!human) return HUMAN_EXPORT_COLUMNS.map(() => null);
  return [human.review_status, human.verdict, human.passed, human.score, human.label, human.reviewer, human.reviewed_at];
}
