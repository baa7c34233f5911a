"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { recordVerdict } from "@/lib/review/server/verdict";
import { verdictInputSchema } from "@/lib/review/schemas/review";
import { revalidateVerdictPages } from "./revalidate";

const SAVED = { agree: "Agreed with the judge.", disagree: "Disagreement saved with your correction.", discuss: "Marked for discussion." } as const;

/**
 * Records the signed-in reviewer's verdict on an item's judge result: agree, disagree with the
 * correct verdict or score, or discuss (role: review). Takes the item's lock when it is free.
 */
export const recordReviewVerdictAction = resultAction(
  memberAction("review")
    .inputSchema(verdictInputSchema)
    .action(async ({ parsedInput: { reviewId, verdict }, ctx: { user } }) => {
      const recorded = await recordVerdict(getPrisma(), user, reviewId, verdict);
      if (recorded.changed) revalidateVerdictPages(recorded.runId);
      return { message: SAVED[recorded.verdict.verdict], status: recorded.status };
    }),
);
