"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getPrisma } from "@/lib/platform/db/client";
import { startRun } from "@/lib/runs/server/start-run";
import { startRunRequestSchema } from "@/lib/runs/schemas/start-run";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

/**
 * The new-run form: the same schema and service as `POST /api/runs`. It stores the run and goes
 * straight to the run's page, which follows the worker's progress; nothing is judged here.
 */
export const startRunAction = resultAction(
  memberAction("run")
    .inputSchema(startRunRequestSchema)
    .action(async ({ parsedInput, ctx: { user } }) => {
      const { runId } = await startRun(getPrisma(), user, parsedInput, process.env);
      revalidatePath("/runs");
      redirect(`/runs/${runId}`);
    }),
);
