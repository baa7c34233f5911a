"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { recordVerdict } from "@/lib/review/server/verdict";
import { verdictInputSchema, type ReviewStatusResult, type VerdictInput } from "@/lib/review/schemas/review";
import { reviewAction, revalidateVerdictPages } from "./action-result";

const SAVED = { agree: "Agreed with the judge.", disagree: "Disagreement saved with your correction.", discuss: "Marked for discussion." } as const;

/**
 * Records the signed-in reviewer's verdict on an item's judge result: agree, disagree with the
 * correct verdict or score, or discuss (role: review). Takes the item's lock when it is free.
 */
export async function recordReviewVerdictAction(input: VerdictInput): Promise<ReviewStatusResult> {
  return reviewAction(verdictInputSchema, input, "review", async ({ reviewId, verdict }, user) => {
    const recorded = await recordVerdict(getPrisma(), user, reviewId, verdict);
    if (recorded.changed) revalidateVerdictPages(recorded.runId);
    return { ok: true, message: SAVED[recorded.verdict.verdict], status: recorded.status };
  });
}
