"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { archiveLabel } from "@/lib/review/server/labels";
import { archiveLabelInputSchema, type ArchiveLabelInput, type ReviewActionResult } from "@/lib/review/schemas/review";
import { reviewAction, revalidateReviewPages } from "./action-result";

/** Archives a review label (no longer offered; items keep it), or restores it with `archived: false` (role: edit-labels). */
export async function archiveReviewLabelAction(input: ArchiveLabelInput): Promise<ReviewActionResult> {
  return reviewAction(archiveLabelInputSchema, input, "edit-labels", async ({ labelId, archived }) => {
    await archiveLabel(getPrisma(), labelId, archived);
    revalidateReviewPages();
    return { ok: true, message: archived ? "Label archived." : "Label restored." };
  });
}
