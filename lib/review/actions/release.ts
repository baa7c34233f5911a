"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { releaseItem } from "@/lib/review/server/claim";
import { reviewItemInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Lets go of the signed-in reviewer's lock on an item so someone else can take it (role: review). */
export const releaseReviewItemAction = resultAction(
  memberAction("review")
    .inputSchema(reviewItemInputSchema)
    .action(async ({ parsedInput: { reviewId }, ctx: { user } }) => {
      const { released } = await releaseItem(getPrisma(), user, reviewId);
      if (released) revalidateReviewPages();
      return { message: released ? "Released: others can take this item now." : "You were not holding this item." };
    }),
);
