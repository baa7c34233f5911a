import type { HumanVerdictKind } from "./human-verdict";

/**
 * An item's life: `open` (queued, nobody has judged it), `in-review` (someone recorded a
 * verdict, or started on it), `done` (settled). Locks are separate: they say who works on an
 * item right now, the status says how far it got.
 */
export const REVIEW_STATUSES = ["open", "in-review", "done"] as const;

/** An item's status. */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Labels for badges and filters. */
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = { open: "open", "in-review": "in review", done: "done" };

/** True for one of the three statuses. */
export function isReviewStatus(value: unknown): value is ReviewStatus {
  return typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value);
}

/** A status as stored (a plain string); an unknown one reads as open so the item is looked at again. */
export function parseReviewStatus(value: string): ReviewStatus {
  return isReviewStatus(value) ? value : "open";
}

/** Whether a verdict settles an item: agree and disagree do; "discuss" asks for more people first. */
export function settles(verdict: HumanVerdictKind | null): boolean {
  return verdict === "agree" || verdict === "disagree";
}

/** A requested status change: allowed, nothing to do, or refused with a sentence for the reviewer. */
export type StatusChange = { ok: true; changed: boolean } | { ok: false; message: string };

/**
 * Whether an item may move from `from` to `to` given its verdict:
 * - done needs a settling verdict (agree or disagree): a queue's done items are what judge
 *   agreement can trust, and an item marked "discuss" is by definition not settled;
 * - back to open only while there is no verdict: an item with a verdict has been reviewed, and
 *   reopening a done item takes it to in review, verdict kept;
 * - open to in review is always allowed ("I am on it").
 * Asking for the current status changes nothing and is not an error (a second keypress).
 */
export function statusChange(from: ReviewStatus, to: ReviewStatus, verdict: HumanVerdictKind | null): StatusChange {
  if (from === to) return { ok: true, changed: false };
  if (to === "done" && !settles(verdict)) {
    return {
      ok: false,
      message: verdict === "discuss" ? "This item is marked for discussion: agree or disagree with the judge before marking it done." : "Record a verdict (agree or disagree) before marking this item done.",
    };
  }
  if (to === "open" && verdict !== null) return { ok: false, message: "This item already has a verdict; reopen it as in review instead." };
  return { ok: true, changed: true };
}

/**
 * The status after a verdict is recorded: an open item is now in review; a done item stays done
 * unless the new verdict no longer settles it ("discuss"), which takes it back to in review.
 */
export function statusAfterVerdict(current: ReviewStatus, verdict: HumanVerdictKind): ReviewStatus {
  if (current === "open") return "in-review";
  if (current === "done" && !settles(verdict)) return "in-review";
  return current;
}
