"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { setReviewLabel } from "@/lib/review/server/label";
import { setLabelInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Sets an item's label, or removes it with null (role: review). */
export const setReviewLabelAction = resultAction(
  memberAction("review")
    .inputSchema(setLabelInputSchema)
    .action(async ({ parsedInput: { reviewId, labelId }, ctx: { user } }) => {
      const labelled = await setReviewLabel(getPrisma(), user, reviewId, labelId);
      if (labelled.changed) revalidateReviewPages();
      return { message: labelled.label ? `Labelled “${labelled.label.name}”.` : "Label removed." };
    }),
);
