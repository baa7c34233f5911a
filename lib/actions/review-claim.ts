"use server";

import { formatDateTime } from "@/lib/format";
import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { claimItem } from "@/lib/server/review/claim";
import { reviewItemInputSchema, type ClaimResult, type ReviewItemInput } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Takes (or renews) the signed-in reviewer's ten-minute lock on an item (role: review). */
export async function claimReviewItemAction(input: ReviewItemInput): Promise<ClaimResult> {
  const parsed = reviewItemInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const claimed = await claimItem(getPrisma(), auth.user, parsed.data.reviewId);
    // A renewal changes nothing others see.
    if (claimed.taken) revalidateReviewPages();
    return { ok: true, message: `This item is yours until ${formatDateTime(claimed.lockedUntil)}.`, lockedUntil: claimed.lockedUntil.toISOString() };
  } catch (error) {
    return serviceFailure(error);
  }
}
