"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { assignItem } from "@/lib/review/server/assign";
import { assignInputSchema, type AssignInput, type ReviewActionResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Assigns an item to a member who can review, or unassigns it with null (role: review). */
export async function assignReviewItemAction(input: AssignInput): Promise<ReviewActionResult> {
  return reviewAction(assignInputSchema, input, "review", async ({ reviewId, assigneeId }, user) => {
    const assigned = await assignItem(getPrisma(), user, reviewId, assigneeId);
    if (assigned.changed) revalidateReviewPages();
    const message = assigned.assignee ? `Assigned to ${assigned.assignee.id === user.id ? "you" : assigned.assignee.name}.` : "Unassigned.";
    return { ok: true, message };
  });
}
