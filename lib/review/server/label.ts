import type { PrismaClient } from "@/lib/generated/prisma/client";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { recordEvents } from "./events";
import { itemForChange } from "./item";
import { holdLock } from "./item-lock";
import { AppError } from "@/lib/platform/errors/app-error";

/** A label set on an item, or left as it was. */
export interface LabelledItem {
  reviewId: string;
  queueId: string;
  label: { id: string; name: string } | null;
  changed: boolean;
}

/**
 * Sets the item's label (null removes it). Labelling is reviewing: it takes or renews the
 * actor's lock and is refused under someone else's. Archived labels cannot be picked any more,
 * though items that carry one keep it.
 */
export async function setReviewLabel(prisma: PrismaClient, actor: ReviewActor, reviewId: string, labelId: string | null, now: Date = new Date()): Promise<LabelledItem> {
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    if (item.labelId === labelId) return { reviewId, queueId: item.queueId, label: item.label, changed: false };
    const label = labelId === null ? null : await tx.reviewLabel.findUnique({ where: { id: labelId }, select: { id: true, name: true, archivedAt: true } });
    if (labelId !== null && !label) throw new AppError("not-found", "That label does not exist.");
    if (label?.archivedAt) throw new AppError("invalid-state", `The label “${label.name}” is archived; pick another one.`);
    const to = label ? { id: label.id, name: label.name } : null;

    const lock = await holdLock(tx, item, actor.id, now);
    await tx.review.update({ where: { id: reviewId }, data: { labelId } });
    await recordEvents(tx, actor.id, now, [...lock.events, { reviewId, event: { kind: "label", data: { from: item.label, to } } }]);
    return { reviewId, queueId: item.queueId, label: to, changed: true };
  }, REVIEW_TRANSACTION);
}
