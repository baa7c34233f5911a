"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { addComment } from "@/lib/server/review/comments";
import { addCommentInputSchema, type AddCommentInput, type AddCommentResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Comments on an item, or replies to one of its comments with `parentId` (role: comment). */
export async function addReviewCommentAction(input: AddCommentInput): Promise<AddCommentResult> {
  const parsed = addCommentInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("comment");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const added = await addComment(getPrisma(), auth.user, parsed.data.reviewId, { body: parsed.data.body, parentId: parsed.data.parentId });
    revalidateReviewPages();
    return { ok: true, message: added.parentId ? "Reply added." : "Comment added.", commentId: added.commentId };
  } catch (error) {
    return serviceFailure(error);
  }
}
