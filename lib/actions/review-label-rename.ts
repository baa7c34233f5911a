"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { renameLabel } from "@/lib/server/review/labels";
import { renameLabelInputSchema, type RenameLabelInput, type ReviewActionResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Renames a review label, and sets its description when given (role: edit-labels). */
export async function renameReviewLabelAction(input: RenameLabelInput): Promise<ReviewActionResult> {
  const parsed = renameLabelInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("edit-labels");
  if (!auth.ok) return refusedFailure(auth);
  try {
    await renameLabel(getPrisma(), parsed.data.labelId, { name: parsed.data.name, description: parsed.data.description });
    revalidateReviewPages();
    return { ok: true, message: `Label saved as “${parsed.data.name}”.` };
  } catch (error) {
    return serviceFailure(error);
  }
}
