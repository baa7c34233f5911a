"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { setReviewLabel } from "@/lib/server/review/label";
import { setLabelInputSchema, type ReviewActionResult, type SetLabelInput } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Sets an item's label, or removes it with null (role: review). */
export async function setReviewLabelAction(input: SetLabelInput): Promise<ReviewActionResult> {
  const parsed = setLabelInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const labelled = await setReviewLabel(getPrisma(), auth.user, parsed.data.reviewId, parsed.data.labelId);
    if (labelled.changed) revalidateReviewPages();
    return { ok: true, message: labelled.label ? `Labelled “${labelled.label.name}”.` : "Label removed." };
  } catch (error) {
    return serviceFailure(error);
  }
}
