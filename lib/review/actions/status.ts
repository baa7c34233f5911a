"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { REVIEW_STATUS_LABELS } from "@/lib/review/status";
import { getPrisma } from "@/lib/platform/db/client";
import { setReviewStatus } from "@/lib/review/server/status";
import { setStatusInputSchema } from "@/lib/review/schemas/review";
import { revalidateVerdictPages } from "./revalidate";

/** Moves an item to open, in review or done; done needs an agree or disagree verdict (role: review). */
export const setReviewStatusAction = resultAction(
  memberAction("review")
    .inputSchema(setStatusInputSchema)
    .action(async ({ parsedInput: { reviewId, status }, ctx: { user } }) => {
      const result = await setReviewStatus(getPrisma(), user, reviewId, status);
      // Pages beside the results show whether a human verdict is settled.
      if (result.changed) revalidateVerdictPages(result.runId);
      return { message: result.status === "done" ? "Marked done." : `Now ${REVIEW_STATUS_LABELS[result.status]}.`, status: result.status };
    }),
);
