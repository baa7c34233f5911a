"use server";

import { redirect } from "next/navigation";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { getPrisma } from "@/lib/platform/db/client";
import { deleteMonitorInputSchema } from "../schemas/monitor-actions";
import { deleteMonitor } from "../server/save-monitor";
import { revalidateMonitorPages } from "./revalidate";

/** Deletes a monitor, keeping its run as an ordinary run or deleting it too, as the person chose; then back to the list. */
export const deleteMonitorAction = resultAction(
  memberAction("run")
    .inputSchema(deleteMonitorInputSchema)
    .action(async ({ parsedInput: { id, run }, ctx: { user } }) => {
      await deleteMonitor(getPrisma(), user, id, run);
      revalidateMonitorPages(id);
      redirect("/monitors");
    }),
);
