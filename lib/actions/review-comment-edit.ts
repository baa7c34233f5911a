"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { editComment } from "@/lib/server/review/comments";
import { editCommentInputSchema, type EditCommentInput, type ReviewActionResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Edits one of the signed-in member's own comments (role: comment; the author only). */
export async function editReviewCommentAction(input: EditCommentInput): Promise<ReviewActionResult> {
  const parsed = editCommentInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("comment");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const edited = await editComment(getPrisma(), auth.user, parsed.data.commentId, parsed.data.body);
    if (edited.changed) revalidateReviewPages();
    return { ok: true, message: edited.changed ? "Comment saved." : "Nothing changed." };
  } catch (error) {
    return serviceFailure(error);
  }
}
