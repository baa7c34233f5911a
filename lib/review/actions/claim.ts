"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { formatDateTime } from "@/lib/platform/format";
import { getPrisma } from "@/lib/platform/db/client";
import { claimItem } from "@/lib/review/server/claim";
import { reviewItemInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Takes (or renews) the signed-in reviewer's ten-minute lock on an item (role: review). */
export const claimReviewItemAction = resultAction(
  memberAction("review")
    .inputSchema(reviewItemInputSchema)
    .action(async ({ parsedInput: { reviewId }, ctx: { user } }) => {
      const claimed = await claimItem(getPrisma(), user, reviewId);
      // A renewal changes nothing others see.
      if (claimed.taken) revalidateReviewPages();
      return { message: `This item is yours until ${formatDateTime(claimed.lockedUntil)}.`, lockedUntil: claimed.lockedUntil.toISOString() };
    }),
);
