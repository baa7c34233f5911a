"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { createLabel } from "@/lib/review/server/labels";
import { createLabelInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Adds a review label at the end of the set (role: edit-labels). */
export const createReviewLabelAction = resultAction(
  memberAction("edit-labels")
    .inputSchema(createLabelInputSchema)
    .action(async ({ parsedInput: data }) => {
      const label = await createLabel(getPrisma(), data);
      revalidateReviewPages();
      return { message: `Label “${label.name}” added.`, labelId: label.id };
    }),
);
