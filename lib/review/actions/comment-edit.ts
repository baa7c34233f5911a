"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { editComment } from "@/lib/review/server/comments";
import { editCommentInputSchema, type EditCommentInput, type ReviewActionResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Edits one of the signed-in member's own comments (role: comment; the author only). */
export async function editReviewCommentAction(input: EditCommentInput): Promise<ReviewActionResult> {
  return reviewAction(editCommentInputSchema, input, "comment", async ({ commentId, body }, user) => {
    const edited = await editComment(getPrisma(), user, commentId, body);
    if (edited.changed) revalidateReviewPages();
    return { ok: true, message: edited.changed ? "Comment saved." : "Nothing changed." };
  });
}
