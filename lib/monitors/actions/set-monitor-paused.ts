"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { setMonitorPausedSchema } from "../schemas/monitor-actions";
import { updateMonitor } from "../server/save-monitor";
import { revalidateMonitorPages } from "./revalidate";

/** Pauses a monitor (arrivals are no longer judged) or resumes it. */
export const setMonitorPausedAction = resultAction(
  memberAction("run")
    .inputSchema(setMonitorPausedSchema)
    .action(async ({ parsedInput: { id, paused }, ctx: { user } }) => {
      await updateMonitor(getPrisma(), user, id, { paused }, process.env);
      revalidateMonitorPages(id);
      return { message: paused ? "Monitor paused: new transcripts are not judged until it resumes." : "Monitor resumed." };
    }),
  { invalidInput: "Unknown monitor." },
);
