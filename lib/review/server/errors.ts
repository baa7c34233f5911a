import type { CurrentUser } from "@/lib/accounts/server/current-user";

/** Why a review use case refused. */
export type ReviewErrorCode =
  /** The run, queue, item, comment, label or member does not exist. */
  | "not-found"
  /** The request does not fit the item's state (a verdict that does not fit the criterion, "done" without a verdict, …). */
  | "invalid-state"
  /** Someone else holds the item's lock. */
  | "locked"
  /** The rows say no to this person: someone else's comment, a member who cannot review. */
  | "not-allowed"
  /** Another write got there first (a label name taken, a result queued meanwhile). */
  | "conflict"
  /** A queue's filter matched no result that is not already queued. */
  | "nothing-matched";

/** A review use case refused: the message is written for the person who asked, the code lets actions map it. */
export class ReviewError extends Error {
  override name = "ReviewError";

  /** A refusal with its code and a sentence for the person who asked. */
  constructor(
    readonly code: ReviewErrorCode,
    message: string,
    /** Where to go instead: the queue that already holds what was asked for. */
    readonly related: { queueId?: string } = {},
  ) {
    super(message);
  }
}

/**
 * Options for review transactions. In one process the SQLite adapter runs transactions one after
 * another, so a reviewer's write may wait behind the worker; maxWait covers that queue.
 */
export const REVIEW_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

/** Who makes a change: the signed-in user, of whom the services need only the id. */
export type ReviewActor = Pick<CurrentUser, "id">;
