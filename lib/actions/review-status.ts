"use server";

import { REVIEW_STATUS_LABELS } from "@/lib/review/status";
import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { setReviewStatus } from "@/lib/server/review/status";
import { setStatusInputSchema, type ReviewStatusResult, type SetStatusInput } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateVerdictPages, serviceFailure } from "./review-action-result";

/** Moves an item to open, in review or done; done needs an agree or disagree verdict (role: review). */
export async function setReviewStatusAction(input: SetStatusInput): Promise<ReviewStatusResult> {
  const parsed = setStatusInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const result = await setReviewStatus(getPrisma(), auth.user, parsed.data.reviewId, parsed.data.status);
    // Pages beside the results show whether a human verdict is settled.
    if (result.changed) revalidateVerdictPages(result.runId);
    return { ok: true, message: result.status === "done" ? "Marked done." : `Now ${REVIEW_STATUS_LABELS[result.status]}.`, status: result.status };
  } catch (error) {
    return serviceFailure(error);
  }
}
