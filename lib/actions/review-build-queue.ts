"use server";

import { revalidatePath } from "next/cache";
import { plural } from "@/lib/format";
import { getPrisma } from "@/lib/server/db/client";
import { buildQueue } from "@/lib/server/review/build-queue";
import { buildQueueInputSchema, type BuildQueueInput, type BuildQueueResult } from "@/lib/zod/review";
import { reviewAction, revalidateReviewPages } from "./review-action-result";

/** Builds a review queue from a finished run's failed, low-scoring and flipped results (role: build-queue). */
export async function buildReviewQueueAction(input: BuildQueueInput): Promise<BuildQueueResult> {
  return reviewAction(buildQueueInputSchema, input, "build-queue", async (data, user) => {
    const built = await buildQueue(getPrisma(), user, data);
    revalidateReviewPages();
    revalidatePath(`/runs/${data.runId}`, "layout");
    const sampled = built.added < built.matched ? ` of ${built.matched} matching` : "";
    const skipped = built.alreadyQueued > 0 ? `; ${plural(built.alreadyQueued, "matching call × criterion", "matching calls × criteria")} already in a queue` : "";
    return { ok: true, message: `Queued ${plural(built.added, "call × criterion", "calls × criteria")}${sampled}${skipped}.`, ...built };
  });
}
