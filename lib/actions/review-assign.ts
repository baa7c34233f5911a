"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { assignItem } from "@/lib/server/review/assign";
import { assignInputSchema, type AssignInput, type ReviewActionResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Assigns an item to a member who can review, or unassigns it with null (role: review). */
export async function assignReviewItemAction(input: AssignInput): Promise<ReviewActionResult> {
  const parsed = assignInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const assigned = await assignItem(getPrisma(), auth.user, parsed.data.reviewId, parsed.data.assigneeId);
    if (assigned.changed) revalidateReviewPages();
    const message = assigned.assignee ? `Assigned to ${assigned.assignee.id === auth.user.id ? "you" : assigned.assignee.name}.` : "Unassigned.";
    return { ok: true, message };
  } catch (error) {
    return serviceFailure(error);
  }
}
