"use server";

import { REVIEW_STATUS_LABELS } from "@/lib/review/status";
import { getPrisma } from "@/lib/platform/db/client";
import { setReviewStatus } from "@/lib/review/server/status";
import { setStatusInputSchema, type ReviewStatusResult, type SetStatusInput } from "@/lib/review/schemas/review";
import { reviewAction, revalidateVerdictPages } from "./action-result";

/** Moves an item to open, in review or done; done needs an agree or disagree verdict (role: review). */
export async function setReviewStatusAction(input: SetStatusInput): Promise<ReviewStatusResult> {
  return reviewAction(setStatusInputSchema, input, "review", async ({ reviewId, status }, user) => {
    const result = await setReviewStatus(getPrisma(), user, reviewId, status);
    // Pages beside the results show whether a human verdict is settled.
    if (result.changed) revalidateVerdictPages(result.runId);
    return { ok: true, message: result.status === "done" ? "Marked done." : `Now ${REVIEW_STATUS_LABELS[result.status]}.`, status: result.status };
  });
}
