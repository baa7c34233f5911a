"use server";

import { formatDateTime } from "@/lib/platform/format";
import { getPrisma } from "@/lib/platform/db/client";
import { claimItem } from "@/lib/review/server/claim";
import { reviewItemInputSchema, type ClaimResult, type ReviewItemInput } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Takes (or renews) the signed-in reviewer's ten-minute lock on an item (role: review). */
export async function claimReviewItemAction(input: ReviewItemInput): Promise<ClaimResult> {
  return reviewAction(reviewItemInputSchema, input, "review", async ({ reviewId }, user) => {
    const claimed = await claimItem(getPrisma(), user, reviewId);
    // A renewal changes nothing others see.
    if (claimed.taken) revalidateReviewPages();
    return { ok: true, message: `This item is yours until ${formatDateTime(claimed.lockedUntil)}.`, lockedUntil: claimed.lockedUntil.toISOString() };
  });
}
