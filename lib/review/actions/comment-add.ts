"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { addComment } from "@/lib/review/server/comments";
import { addCommentInputSchema, type AddCommentInput, type AddCommentResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Comments on an item, or replies to one of its comments with `parentId` (role: comment). */
export async function addReviewCommentAction(input: AddCommentInput): Promise<AddCommentResult> {
  return reviewAction(addCommentInputSchema, input, "comment", async ({ reviewId, body, parentId }, user) => {
    const added = await addComment(getPrisma(), user, reviewId, { body, parentId });
    revalidateReviewPages();
    return { ok: true, message: added.parentId ? "Reply added." : "Comment added.", commentId: added.commentId };
  });
}
