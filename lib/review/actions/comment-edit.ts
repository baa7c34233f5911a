"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { editComment } from "@/lib/review/server/comments";
import { editCommentInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Edits one of the signed-in member's own comments (role: comment; the author only). */
export const editReviewCommentAction = resultAction(
  memberAction("comment")
    .inputSchema(editCommentInputSchema)
    .action(async ({ parsedInput: { commentId, body }, ctx: { user } }) => {
      const edited = await editComment(getPrisma(), user, commentId, body);
      if (edited.changed) revalidateReviewPages();
      return { message: edited.changed ? "Comment saved." : "Nothing changed." };
    }),
);
