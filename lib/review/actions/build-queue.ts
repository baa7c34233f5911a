"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { revalidatePath } from "next/cache";
import { plural } from "@/lib/platform/format";
import { getPrisma } from "@/lib/platform/db/client";
import { buildQueue, matchingWhat } from "@/lib/review/server/build-queue";
import { buildQueueInputSchema } from "@/lib/review/schemas/review";
import { revalidateReviewPages } from "./revalidate";

/** Builds a review queue from a finished run's failed, low-scoring and flipped results (role: build-queue). */
export const buildReviewQueueAction = resultAction(
  memberAction("build-queue")
    .inputSchema(buildQueueInputSchema)
    .action(async ({ parsedInput: data, ctx: { user } }) => {
      const built = await buildQueue(getPrisma(), user, data);
      revalidateReviewPages();
      revalidatePath(`/runs/${data.runId}`, "layout");
      const sampled = built.added < built.matched ? ` of ${built.matched} matching` : "";
      const skipped = built.alreadyQueued > 0 ? `; ${matchingWhat(built.alreadyQueued, built.addedAgent > 0)} already in a queue` : "";
      const calls = built.added - built.addedAgent;
      const what = built.addedAgent === 0 ? plural(calls, "call × criterion", "calls × criteria") : `${plural(calls, "call × criterion", "calls × criteria")} and ${plural(built.addedAgent, "agent-level result")}`;
      return { message: `Queued ${what}${sampled}${skipped}.`, ...built };
    }),
);
