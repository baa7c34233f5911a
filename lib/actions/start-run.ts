"use server";

import { revalidatePath } from "next/cache";
import { judgeConfigFromEnv, publicJudgeConfig } from "@/lib/judges/registry";
import { authorizeAction } from "@/lib/server/auth/guard";
import { createRun } from "@/lib/server/runs/create-run";
import { RunError } from "@/lib/server/runs/errors";
import { getPrisma } from "@/lib/server/db/client";
import { newRunSchema } from "@/lib/zod/runs";
import { startRunFormSchema, type StartRunForm, type StartRunState } from "@/lib/zod/start-run";

/** Stores the run and its pending evaluations and returns at once; the worker does the judging. */
export async function startRunAction(input: StartRunForm): Promise<StartRunState> {
  const allowed = await authorizeAction("run");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const form = startRunFormSchema.safeParse(input);
  if (!form.success) return { ok: false, message: form.error.issues.map((i) => i.message).join(" ") };
  const judge = judgeConfigFromEnv(form.data.judgeKind, process.env);
  if (!judge.ok) return { ok: false, message: `That judge is not configured: ${judge.reason}.` };
  const run = newRunSchema.safeParse({ ...form.data, judge: publicJudgeConfig(judge.config) });
  if (!run.success) return { ok: false, message: run.error.issues.map((i) => i.message).join(" ") };
  try {
    const created = await createRun(getPrisma(), run.data);
    revalidatePath("/runs");
    return { ok: true, runId: created.runId };
  } catch (error) {
    if (error instanceof RunError) return { ok: false, message: error.message };
    throw error;
  }
}
