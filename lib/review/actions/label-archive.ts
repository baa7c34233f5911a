"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { archiveLabel } from "@/lib/review/server/labels";
import { archiveLabelInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Archives a review label (no longer offered; items keep it), or restores it with `archived: false` (role: edit-labels). */
export const archiveReviewLabelAction = resultAction(
  memberAction("edit-labels")
    .inputSchema(archiveLabelInputSchema)
    .action(async ({ parsedInput: { labelId, archived } }) => {
      await archiveLabel(getPrisma(), labelId, archived);
      revalidateReviewPages();
      return { message: archived ? "Label archived." : "Label restored." };
    }),
);
