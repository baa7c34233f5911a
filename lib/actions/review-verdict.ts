"use server";

import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { recordVerdict } from "@/lib/server/review/verdict";
import { verdictInputSchema, type ReviewStatusResult, type VerdictInput } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateVerdictPages, serviceFailure } from "./review-action-result";

const SAVED = { agree: "Agreed with the judge.", disagree: "Disagreement saved with your correction.", discuss: "Marked for discussion." } as const;

/**
 * Records the signed-in reviewer's verdict on an item's judge result: agree, disagree with the
 * correct verdict or score, or discuss (role: review). Takes the item's lock when it is free.
 */
export async function recordReviewVerdictAction(input: VerdictInput): Promise<ReviewStatusResult> {
  const parsed = verdictInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("review");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const recorded = await recordVerdict(getPrisma(), auth.user, parsed.data.reviewId, parsed.data.verdict);
    if (recorded.changed) revalidateVerdictPages(recorded.runId);
    return { ok: true, message: SAVED[recorded.verdict.verdict], status: recorded.status };
  } catch (error) {
    return serviceFailure(error);
  }
}
