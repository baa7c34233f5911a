import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isReviewStatus, parseReviewStatus, statusChange, type ReviewStatus } from "@/lib/review/status";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { recordEvents, type ItemEvent } from "./events";
import { itemForChange } from "./item";
import { dropOwnLock, holdLock, refuseIfLockedByOther } from "./item-lock";
import { AppError } from "@/lib/platform/errors/app-error";

/** A status set, or left as it was. */
export interface StatusOfItem {
  reviewId: string;
  runId: string;
  queueId: string;
  status: ReviewStatus;
  changed: boolean;
}

/**
 * Moves the item to `status` under the rules of lib/review/status (done needs an agree or
 * disagree verdict; back to open only without a verdict). Refused under someone else's lock.
 * Moving to in review takes the actor's lock (they are on it); marking done or putting it back
 * to open lets their lock go, so the next reviewer is not kept waiting.
 */
export async function setReviewStatus(prisma: PrismaClient, actor: ReviewActor, reviewId: string, status: ReviewStatus, now: Date = new Date()): Promise<StatusOfItem> {
  if (!isReviewStatus(status)) throw new AppError("invalid-state", "A status is open, in review or done.");
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    const from = parseReviewStatus(item.status);
    const result = { reviewId, runId: item.runId, queueId: item.queueId };
    const verdict = item.verdict === "agree" || item.verdict === "disagree" || item.verdict === "discuss" ? item.verdict : null;
    const change = statusChange(from, status, verdict);
    if (!change.ok) throw new AppError("invalid-state", change.message);
    if (!change.changed) return { ...result, status: from, changed: false };

    const events: ItemEvent[] = [];
    if (status === "in-review") {
      events.push(...(await holdLock(tx, item, actor.id, now)).events);
    } else {
      await refuseIfLockedByOther(tx, item, actor.id, now);
    }
    await tx.review.update({ where: { id: reviewId }, data: { status } });
    events.push({ reviewId, event: { kind: "status", data: { from, to: status } } });
    if (status !== "in-review") events.push(...(await dropOwnLock(tx, item, actor.id, now, status === "done" ? "done" : "released")));
    await recordEvents(tx, actor.id, now, events);
    return { ...result, status, changed: true };
  }, REVIEW_TRANSACTION);
}
