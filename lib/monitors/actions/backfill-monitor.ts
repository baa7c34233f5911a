"use server";

import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { plural } from "@/lib/platform/format";
import { backfillMonitorInputSchema } from "../schemas/monitor-actions";
import { backfillMonitor } from "../server/backfill";
import { revalidateMonitorPages } from "./revalidate";

/** Sends the stored transcripts of a period to the monitor, as `POST /api/monitors/:id/backfill` does. */
export const backfillMonitorAction = resultAction(
  memberAction("run")
    .inputSchema(backfillMonitorInputSchema)
    .action(async ({ parsedInput: { id, backfill }, ctx: { user } }) => {
      const { queued } = await backfillMonitor(getPrisma(), user, id, backfill);
      revalidateMonitorPages(id);
      return { message: queued ? `${plural(queued, "transcript")} sent to the monitor: the worker filters, samples and judges them beside new arrivals.` : "No transcript was stored in that period, or all of them are already waiting for the monitor.", queued };
    }),
);
