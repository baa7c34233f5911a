"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { releaseItem } from "@/lib/review/server/claim";
import { reviewItemInputSchema, type ReviewActionResult, type ReviewItemInput } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Lets go of the signed-in reviewer's lock on an item so someone else can take it (role: review). */
export async function releaseReviewItemAction(input: ReviewItemInput): Promise<ReviewActionResult> {
  return reviewAction(reviewItemInputSchema, input, "review", async ({ reviewId }, user) => {
    const { released } = await releaseItem(getPrisma(), user, reviewId);
    if (released) revalidateReviewPages();
    return { ok: true, message: released ? "Released: others can take this item now." : "You were not holding this item." };
  });
}
