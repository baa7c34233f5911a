"use server";

import { redirect } from "next/navigation";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { withPathAsField } from "@/lib/platform/actions/path-as-field";
import { getPrisma } from "@/lib/platform/db/client";
import { editMonitorSchema } from "../schemas/monitor-actions";
import { updateMonitor } from "../server/save-monitor";
import { revalidateMonitorPages } from "./revalidate";

/**
 * The edit form sends the whole monitor: a rule or a review feed it no longer lists is removed
 * (`alert: []`, `review: null`), where the API's PATCH leaves out what it does not change.
 */
export const editMonitorAction = resultAction(
  memberAction("run")
    .inputSchema(editMonitorSchema)
    .action(async ({ parsedInput: { id, ...monitor }, ctx: { user } }) => {
      await withPathAsField(() => updateMonitor(getPrisma(), user, id, { ...monitor, alert: monitor.alert ?? [], review: monitor.review ?? null }, process.env));
      revalidateMonitorPages(id);
      redirect(`/monitors/${id}`);
    }),
);
