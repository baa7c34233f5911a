"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { renameLabel } from "@/lib/review/server/labels";
import { renameLabelInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Renames a review label, and sets its description when given (role: edit-labels). */
export const renameReviewLabelAction = resultAction(
  memberAction("edit-labels")
    .inputSchema(renameLabelInputSchema)
    .action(async ({ parsedInput: { labelId, name, description } }) => {
      await renameLabel(getPrisma(), labelId, { name, description });
      revalidateReviewPages();
      return { message: `Label saved as “${name}”.` };
    }),
);
