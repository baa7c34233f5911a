"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { getPrisma } from "@/lib/platform/db/client";
import { runIdSchema } from "@/lib/runs/schemas/runs";
import { actionFailure } from "@/lib/platform/actions/action-result";

/** Sends only the failed evaluations of a run back to the worker; finished ones are not re-run. */
export async function retryFailedAction(input: { runId: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("run");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = runIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown run." };
  try {
    const retried = await retryFailed(getPrisma(), parsed.data.runId);
    revalidatePath(`/runs/${parsed.data.runId}`);
    return { ok: true, message: `${retried.retried} failed evaluation(s) queued again.` };
  } catch (error) {
    return actionFailure(error);
  }
}
