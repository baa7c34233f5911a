"use server";

import { revalidatePath } from "next/cache";
import { plural } from "@/lib/format";
import { authorizeAction } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { buildQueue } from "@/lib/server/review/build-queue";
import { buildQueueInputSchema, type BuildQueueInput, type BuildQueueResult } from "@/lib/zod/review";
import { inputFailure, refusedFailure, revalidateReviewPages, serviceFailure } from "./review-action-result";

/** Builds a review queue from a finished run's failed, low-scoring and flipped results (role: build-queue). */
export async function buildReviewQueueAction(input: BuildQueueInput): Promise<BuildQueueResult> {
  const parsed = buildQueueInputSchema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction("build-queue");
  if (!auth.ok) return refusedFailure(auth);
  try {
    const built = await buildQueue(getPrisma(), auth.user, parsed.data);
    revalidateReviewPages();
    revalidatePath(`/runs/${parsed.data.runId}`, "layout");
    const skipped = built.alreadyQueued > 0 ? `; ${plural(built.alreadyQueued, "matching result")} already in a queue` : "";
    return { ok: true, message: `Queued ${plural(built.added, "result")}${skipped}.`, ...built };
  } catch (error) {
    return serviceFailure(error);
  }
}
