import type { PrismaClient } from "@/lib/generated/prisma/client";
import { commentBodySchema } from "@/lib/review/schemas/review";
import { REVIEW_TRANSACTION, type ReviewActor } from "./errors";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { recordEvents } from "./events";
import { AppError } from "@/lib/platform/errors/app-error";

/** The body as stored: trimmed, 1 to 5,000 characters; the services refuse what the actions would. */
function checkedBody(body: string): string {
  const parsed = commentBodySchema.safeParse(body);
  if (!parsed.success) throw new AppError("invalid-state", parsed.error.issues[0].message);
  return parsed.data;
}

/** A comment written. */
export interface AddedComment {
  commentId: string;
  reviewId: string;
  queueId: string;
  /** The thread it belongs to: null for a new thread, else the thread's first comment. */
  parentId: string | null;
}

/**
 * Adds a comment to an item, or a reply when `parentId` names a comment of the same item.
 * Threads are one level deep: a reply to a reply joins the thread of the comment it answers.
 * Anyone allowed to comment may, lock or not: discussion is not working on the item.
 */
export async function addComment(prisma: PrismaClient, actor: ReviewActor, reviewId: string, input: { body: string; parentId?: string | null }, now: Date = new Date()): Promise<AddedComment> {
  const body = checkedBody(input.body);
  return prisma.$transaction(async (tx) => {
    const review = await tx.review.findUnique({ where: { id: reviewId }, select: { id: true, queueId: true } });
    if (!review) throw new AppError("not-found", "This review item does not exist (any more).");
    let threadId: string | null = null;
    if (input.parentId) {
      const parent = await tx.comment.findUnique({ where: { id: input.parentId }, select: { id: true, reviewId: true, parentId: true } });
      if (!parent) throw new AppError("not-found", "The comment you replied to no longer exists.");
      if (parent.reviewId !== reviewId) throw new AppError("not-allowed", "A reply must answer a comment on the same item.");
      threadId = parent.parentId ?? parent.id;
    }
    const comment = await tx.comment.create({ data: { reviewId, authorId: actor.id, parentId: threadId, body, createdAt: now }, select: { id: true } });
    await recordEvents(tx, actor.id, now, [{ reviewId, event: { kind: "comment-added", data: { commentId: comment.id, parentId: threadId } } }]);
    return { commentId: comment.id, reviewId, queueId: review.queueId, parentId: threadId };
  }, REVIEW_TRANSACTION);
}

/** A comment edited, or left as it was. */
export interface EditedComment {
  commentId: string;
  reviewId: string;
  queueId: string;
  changed: boolean;
}

/**
 * Replaces the text of one of the actor's own comments and marks it edited; the previous text
 * goes to the item's history. Nobody edits another person's comment, admins included: a
 * comment speaks for its author.
 */
export async function editComment(prisma: PrismaClient, actor: ReviewActor, commentId: string, body: string, now: Date = new Date()): Promise<EditedComment> {
  const text = checkedBody(body);
  return prisma.$transaction(async (tx) => {
    // Two edits at once: the second's history entry keeps the first's text, not the text before both.
    await lockRowsForUpdate(tx, "Comment", [commentId]);
    const comment = await tx.comment.findUnique({ where: { id: commentId }, select: { id: true, reviewId: true, authorId: true, body: true, review: { select: { queueId: true } } } });
    if (!comment) throw new AppError("not-found", "This comment does not exist (any more).");
    if (comment.authorId !== actor.id) throw new AppError("not-allowed", "Only its author can edit a comment.");
    const result = { commentId, reviewId: comment.reviewId, queueId: comment.review.queueId };
    if (comment.body === text) return { ...result, changed: false };
    await tx.comment.update({ where: { id: commentId }, data: { body: text, editedAt: now } });
    await recordEvents(tx, actor.id, now, [{ reviewId: comment.reviewId, event: { kind: "comment-edited", data: { commentId, previousBody: comment.body } } }]);
    return { ...result, changed: true };
  }, REVIEW_TRANSACTION);
}
