import type { PrismaClient } from "@/lib/generated/prisma/client";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { recordEvents } from "./events";
import { itemForChange } from "./item";
import { assignableMember } from "./members";

/** An assignment made, or left as it was. */
export interface AssignedItem {
  reviewId: string;
  queueId: string;
  assignee: { id: string; name: string } | null;
  changed: boolean;
}

/**
 * Gives the item to a member (or to nobody, with null). The assignee must be an active member
 * whose role can review. Needs no lock: assigning says who should work on it, not who does.
 */
export async function assignItem(prisma: PrismaClient, actor: ReviewActor, reviewId: string, assigneeId: string | null, now: Date = new Date()): Promise<AssignedItem> {
  return prisma.$transaction(async (tx) => {
    const item = await itemForChange(tx, reviewId);
    const assignee = assigneeId === null ? null : await assignableMember(tx, assigneeId);
    if (item.assigneeId === assigneeId) return { reviewId, queueId: item.queueId, assignee, changed: false };
    await tx.review.update({ where: { id: reviewId }, data: { assigneeId } });
    await recordEvents(tx, actor.id, now, [{ reviewId, event: { kind: "assigned", data: { from: item.assigneeId, to: assigneeId } } }]);
    return { reviewId, queueId: item.queueId, assignee, changed: true };
  }, REVIEW_TRANSACTION);
}
