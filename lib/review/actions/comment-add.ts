"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { addComment } from "@/lib/review/server/comments";
import { addCommentInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Comments on an item, or replies to one of its comments with `parentId` (role: comment). */
export const addReviewCommentAction = resultAction(
  memberAction("comment")
    .inputSchema(addCommentInputSchema)
    .action(async ({ parsedInput: { reviewId, body, parentId }, ctx: { user } }) => {
      const added = await addComment(getPrisma(), user, reviewId, { body, parentId });
      revalidateReviewPages();
      return { message: added.parentId ? "Reply added." : "Comment added.", commentId: added.commentId };
    }),
);
