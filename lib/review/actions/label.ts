"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { setReviewLabel } from "@/lib/review/server/label";
import { setLabelInputSchema, type ReviewActionResult, type SetLabelInput } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Sets an item's label, or removes it with null (role: review). */
export async function setReviewLabelAction(input: SetLabelInput): Promise<ReviewActionResult> {
  return reviewAction(setLabelInputSchema, input, "review", async ({ reviewId, labelId }, user) => {
    const labelled = await setReviewLabel(getPrisma(), user, reviewId, labelId);
    if (labelled.changed) revalidateReviewPages();
    return { ok: true, message: labelled.label ? `Labelled “${labelled.label.name}”.` : "Label removed." };
  });
}
