"use server";

import { formatDateTime } from "@/lib/format";
import { getPrisma } from "@/lib/server/db/client";
import { claimItem } from "@/lib/server/review/claim";
import { reviewItemInputSchema, type ClaimResult, type ReviewItemInput } from "@/lib/zod/review";
import { reviewAction, revalidateReviewPages } from "./review-action-result";

/** Takes (or renews) the signed-in reviewer's ten-minute lock on an item (role: review). */
export async function claimReviewItemAction(input: ReviewItemInput): Promise<ClaimResult> {
  return reviewAction(reviewItemInputSchema, input, "review", async ({ reviewId }, user) => {
    const claimed = await claimItem(getPrisma(), user, reviewId);
    // A renewal changes nothing others see.
    if (claimed.taken) revalidateReviewPages();
    return { ok: true, message: `This item is yours until ${formatDateTime(claimed.lockedUntil)}.`, lockedUntil: claimed.lockedUntil.toISOString() };
  });
}
