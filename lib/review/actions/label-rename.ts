"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { renameLabel } from "@/lib/review/server/labels";
import { renameLabelInputSchema, type RenameLabelInput, type ReviewActionResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Renames a review label, and sets its description when given (role: edit-labels). */
export async function renameReviewLabelAction(input: RenameLabelInput): Promise<ReviewActionResult> {
  return reviewAction(renameLabelInputSchema, input, "edit-labels", async ({ labelId, name, description }) => {
    await renameLabel(getPrisma(), labelId, { name, description });
    revalidateReviewPages();
    return { ok: true, message: `Label saved as “${name}”.` };
  });
}
