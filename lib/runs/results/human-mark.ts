import type { ViewMode } from "@/lib/judging/judges/types";
import type { HumanVerdictKind } from "@/lib/review/human-verdict";
import { REVIEW_STATUS_LABELS, type ReviewStatus } from "@/lib/review/status";

/**
 * A person's review of one judge result, as the result pages show it beside the judge's badge.
 * Plain values only (dates as ISO text): it travels to the browser inside table rows.
 */
export interface HumanMark {
  reviewId: string;
  queueId: string;
  criterionId: string;
  mode: ViewMode;
  status: ReviewStatus;
  /** Null while the result is queued and nobody has given a verdict yet. */
  verdict: HumanVerdictKind | null;
  /** The pass/fail people stand behind: the judge's on agreement, the correction on disagreement; null under discussion. */
  passed: boolean | null;
  /** The score people stand behind, for continuous criteria; null otherwise. */
  score: number | null;
  /** People reached the opposite pass/fail from the judge. */
  overturned: boolean;
  reviewer: string | null;
  /** The review label's name (wrong tool, judge mistake, …). */
  label: string | null;
  verdictAt: string | null;
}

/** The review item's page. */
export const reviewItemHref = (mark: Pick<HumanMark, "queueId" | "reviewId">) => `/review/${mark.queueId}/${mark.reviewId}`;

const passWord = (passed: boolean) => (passed ? "pass" : "fail");

/** What people stand behind, in a word or a score: "fail", "0.30 (fail)"; null when they stand behind nothing yet. */
export function humanOutcome(mark: Pick<HumanMark, "passed" | "score">): string | null {
  if (mark.score !== null && mark.passed !== null) return `${mark.score.toFixed(2)} (${passWord(mark.passed)})`;
  if (mark.passed !== null) return passWord(mark.passed);
  return null;
}

/** The few characters of a table badge: the correction on disagreement, else what the verdict was. */
export function humanBadgeText(mark: HumanMark): string {
  switch (mark.verdict) {
    case "disagree":
      return mark.score !== null ? mark.score.toFixed(2) : mark.passed !== null ? passWord(mark.passed) : "disagrees";
    case "agree":
      return "agrees";
    case "discuss":
      return "discuss";
    case null:
      return REVIEW_STATUS_LABELS[mark.status];
  }
}

/** "Human (Ana): disagree → fail", "Human (Ana): agree", "Human: queued, open". */
export function humanSentence(mark: HumanMark): string {
  const who = mark.reviewer ? `Human (${mark.reviewer})` : "Human";
  if (mark.verdict === null) return `${who}: queued for review, ${REVIEW_STATUS_LABELS[mark.status]}`;
  if (mark.verdict !== "disagree") return `${who}: ${mark.verdict}`;
  const outcome = humanOutcome(mark);
  return outcome ? `${who}: disagree → ${outcome}` : `${who}: disagree`;
}

/** A tooltip that says plainly this is a person's verdict, not the judge's, and how settled it is. */
export function humanTitle(mark: HumanMark): string {
  const parts = [`Reviewed by a person${mark.reviewer ? ` (${mark.reviewer})` : ""}, not the judge.`];
  if (mark.verdict === "agree") parts.push("They agree with the judge.");
  else if (mark.verdict === "discuss") parts.push("They marked it for discussion.");
  else if (mark.verdict === "disagree") {
    const outcome = humanOutcome(mark);
    parts.push(`They disagree with the judge${outcome ? `: the result should be ${outcome}` : ""}.`);
  } else parts.push("Queued for review, no verdict yet.");
  if (mark.label) parts.push(`Label: ${mark.label}.`);
  parts.push(`Review status: ${REVIEW_STATUS_LABELS[mark.status]}.`);
  return parts.join(" ");
}

/** The mark of one criterion and mode among a call's marks. */
export function markFor(marks: readonly HumanMark[] | undefined, criterionId: string, mode: string): HumanMark | null {
  return marks?.find((mark) => mark.criterionId === criterionId && mark.mode === mode) ?? null;
}
