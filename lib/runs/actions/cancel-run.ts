"use server";

import { revalidatePath } from "next/cache";
import { cancelRun } from "@/lib/runs/server/cancel-run";
import { getPrisma } from "@/lib/platform/db/client";
import { runIdSchema } from "@/lib/runs/schemas/runs";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const cancelRunAction = resultAction(
  memberAction("run")
    .inputSchema(runIdSchema)
    .action(async ({ parsedInput: { runId } }) => {
      await cancelRun(getPrisma(), runId);
      revalidatePath(`/runs/${runId}`);
      revalidatePath("/runs");
      return { message: "Run cancelled." };
    }),
  { invalidInput: "Unknown run." },
);
