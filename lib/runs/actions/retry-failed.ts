"use server";

import { revalidatePath } from "next/cache";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { getPrisma } from "@/lib/platform/db/client";
import { runIdSchema } from "@/lib/runs/schemas/runs";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

/** Sends only the failed evaluations of a run back to the worker; finished ones are not re-run. */
export const retryFailedAction = resultAction(
  memberAction("run")
    .inputSchema(runIdSchema)
    .action(async ({ parsedInput: { runId } }) => {
      const retried = await retryFailed(getPrisma(), runId);
      revalidatePath(`/runs/${runId}`);
      return { message: `${retried.retried} failed evaluation(s) queued again.` };
    }),
  { invalidInput: "Unknown run." },
);
