"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { startRun } from "@/lib/runs/server/start-run";
import { startRunFormSchema, type StartRunForm, type StartRunState } from "@/lib/runs/schemas/start-run";
import { actionFailure } from "@/lib/platform/actions/action-result";

/**
 * The new-run form: the same service as `POST /api/runs`. It stores the run and goes straight to
 * the run's page, which follows the worker's progress; nothing is judged here.
 */
export async function startRunAction(input: StartRunForm): Promise<StartRunState> {
  const allowed = await authorizeAction("run");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const form = startRunFormSchema.safeParse(input);
  if (!form.success) return { ok: false, message: form.error.issues.map((i) => i.message).join(" ") };
  const { criterionIds, judgeKind, ...rest } = form.data;
  let runId: string;
  try {
    ({ runId } = await startRun(getPrisma(), allowed.user, { ...rest, criteria: criterionIds, judge: judgeKind }, process.env));
  } catch (error) {
    return actionFailure(error);
  }
  revalidatePath("/runs");
  redirect(`/runs/${runId}`);
}
