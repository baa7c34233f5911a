/**
 * The plain data the review components render. Pages map the services' answers into these, so
 * the components stay the same whatever shape the database takes, and dates cross to the
 * browser as ISO strings.
 */
import type { HumanVerdictKind } from "@/lib/review/human-verdict";
import type { QueueReason } from "@/lib/review/reasons";
import type { ReviewStatus } from "@/lib/review/status";

export type { HumanVerdictKind, QueueReason, ReviewStatus };
export { QUEUE_REASONS } from "@/lib/review/reasons";
export { REVIEW_STATUSES } from "@/lib/review/status";

// Capitalised for controls and badges; lib/review's lower-case labels read inside sentences.
export const STATUS_LABELS: Record<ReviewStatus, string> = { open: "Open", "in-review": "In review", done: "Done" };
export const REASON_LABELS: Record<QueueReason, string> = { failed: "Failed", "low-score": "Low score", flipped: "Flipped" };
export const VERDICT_LABELS: Record<HumanVerdictKind, string> = { agree: "Agrees with the judge", disagree: "Disagrees", discuss: "Needs discussion" };

export interface PersonView {
  id: string;
  name: string;
}

export interface LockView {
  /** Who holds the item now; null when nobody does or their lock has run out. */
  holder: PersonView | null;
  /** ISO time the lock runs out unless renewed. */
  until: string | null;
  heldByMe: boolean;
}

/** The judge result under review. */
export interface JudgedResultView {
  criterion: { id: string; text: string; title: string | null; scale: "binary" | "continuous" };
  /** Null for an agent-level result: the judge read the whole transcript, in no mode. */
  mode: "immediate" | "hindsight" | null;
  status: string;
  score: number | null;
  passed: boolean | null;
  /** The judge's result in each mode the run judged (both, for a both-mode run); empty when unknown. */
  modes?: { mode: "immediate" | "hindsight"; status: string; score: number | null; passed: boolean | null }[];
}

export interface HumanVerdictView {
  kind: HumanVerdictKind;
  /** What it amounts to beside the judge's result: "human: fail", "human: 0.30 (fail)". */
  summary: string | null;
  by: PersonView | null;
  at: string | null;
}

export interface LabelView {
  id: string;
  name: string;
  description: string | null;
  archived: boolean;
}

export interface CommentView {
  id: string;
  author: PersonView;
  body: string;
  createdAt: string;
  editedAt: string | null;
  /** Only its author may edit a comment. */
  editable: boolean;
}

/** A comment that starts a thread, with its replies oldest first. */
export interface CommentThreadView extends CommentView {
  replies: CommentView[];
}

export interface HistoryEntryView {
  id: string;
  at: string;
  /** One sentence naming who did what: "Ana disagreed: judge said pass, should be fail". */
  sentence: string;
}

/** The review side of one queue item, as the item page shows it. */
export interface ReviewItemView {
  id: string;
  queueId: string;
  reasons: QueueReason[];
  status: ReviewStatus;
  verdict: HumanVerdictView | null;
  labelId: string | null;
  assignee: PersonView | null;
  lock: LockView;
  judged: JudgedResultView;
}

/** What the signed-in person may do here; the server checks again whatever the page shows. */
export interface ReviewPermissions {
  review: boolean;
  comment: boolean;
  editLabels: boolean;
  buildQueue: boolean;
}
