"use server";

import { getPrisma } from "@/lib/server/db/client";
import { releaseItem } from "@/lib/server/review/claim";
import { reviewItemInputSchema, type ReviewActionResult, type ReviewItemInput } from "@/lib/zod/review";
import { reviewAction, revalidateReviewPages } from "./review-action-result";

/** Lets go of the signed-in reviewer's lock on an item so someone else can take it (role: review). */
export async function releaseReviewItemAction(input: ReviewItemInput): Promise<ReviewActionResult> {
  return reviewAction(reviewItemInputSchema, input, "review", async ({ reviewId }, user) => {
    const { released } = await releaseItem(getPrisma(), user, reviewId);
    if (released) revalidateReviewPages();
    return { ok: true, message: released ? "Released: others can take this item now." : "You were not holding this item." };
  });
}
