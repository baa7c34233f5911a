"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { releaseItem } from "@/lib/server/review/claim";
import { reviewItemInputSchema, type ReviewActionResult, type ReviewItemInput } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Lets go of the signed-in reviewer's lock on an item so someone else can take it (role: review). */
export async function releaseReviewItemAction(input: ReviewItemInput): Promise<ReviewActionResult> {
  const parsed = reviewItemInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const { released } = await releaseItem(getPrisma(), auth.user, parsed.data.reviewId);
    if (released) revalidateReviewPages();
    return { ok: true, message: released ? "Released: others can take this item now." : "You were not holding this item." };
  } catch (error) {
    return serviceFailure(error);
  }
}
