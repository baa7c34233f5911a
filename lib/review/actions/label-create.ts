"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { createLabel } from "@/lib/review/server/labels";
import { createLabelInputSchema, type CreateLabelInput, type CreateLabelResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Adds a review label at the end of the set (role: edit-labels). */
export async function createReviewLabelAction(input: CreateLabelInput): Promise<CreateLabelResult> {
  return reviewAction(createLabelInputSchema, input, "edit-labels", async (data) => {
    const label = await createLabel(getPrisma(), data);
    revalidateReviewPages();
    return { ok: true, message: `Label “${label.name}” added.`, labelId: label.id };
  });
}
