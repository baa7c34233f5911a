"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { archiveLabel } from "@/lib/server/review/labels";
import { archiveLabelInputSchema, type ArchiveLabelInput, type ReviewActionResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Archives a review label (no longer offered; items keep it), or restores it with `archived: false` (role: edit-labels). */
export async function archiveReviewLabelAction(input: ArchiveLabelInput): Promise<ReviewActionResult> {
  const parsed = archiveLabelInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("edit-labels");
  if (!auth.ok) return refusedFailure(auth);
  try {
    await archiveLabel(getPrisma(), parsed.data.labelId, parsed.data.archived);
    revalidateReviewPages();
    return { ok: true, message: parsed.data.archived ? "Label archived." : "Label restored." };
  } catch (error) {
    return serviceFailure(error);
  }
}
