"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { assignItem } from "@/lib/review/server/assign";
import { assignInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Assigns an item to a member who can review, or unassigns it with null (role: review). */
export const assignReviewItemAction = resultAction(
  memberAction("review")
    .inputSchema(assignInputSchema)
    .action(async ({ parsedInput: { reviewId, assigneeId }, ctx: { user } }) => {
      const assigned = await assignItem(getPrisma(), user, reviewId, assigneeId);
      if (assigned.changed) revalidateReviewPages();
      const message = assigned.assignee ? `Assigned to ${assigned.assignee.id === user.id ? "you" : assigned.assignee.name}.` : "Unassigned.";
      return { message };
    }),
);
