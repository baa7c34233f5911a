"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { cancelRun } from "@/lib/runs/server/cancel-run";
import { getPrisma } from "@/lib/platform/db/client";
import { runIdSchema } from "@/lib/runs/schemas/runs";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function cancelRunAction(input: { runId: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("run");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = runIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown run." };
  try {
    await cancelRun(getPrisma(), parsed.data.runId);
  } catch (error) {
    return actionFailure(error);
  }
  revalidatePath(`/runs/${parsed.data.runId}`);
  revalidatePath("/runs");
  return { ok: true, message: "Run cancelled." };
}
