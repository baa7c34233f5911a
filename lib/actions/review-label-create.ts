"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { createLabel } from "@/lib/server/review/labels";
import { createLabelInputSchema, type CreateLabelInput, type CreateLabelResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Adds a review label at the end of the set (role: edit-labels). */
export async function createReviewLabelAction(input: CreateLabelInput): Promise<CreateLabelResult> {
  const parsed = createLabelInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("edit-labels");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const label = await createLabel(getPrisma(), parsed.data);
    revalidateReviewPages();
    return { ok: true, message: `Label “${label.name}” added.`, labelId: label.id };
  } catch (error) {
    return serviceFailure(error);
  }
}
