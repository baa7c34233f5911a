"use server";

import { redirect } from "next/navigation";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { withPathAsField } from "@/lib/platform/actions/path-as-field";
import { getPrisma } from "@/lib/platform/db/client";
import { createMonitorSchema } from "../schemas/monitor";
import { createMonitor } from "../server/save-monitor";
import { revalidateMonitorPages } from "./revalidate";

/** The new-monitor form: the schema and service of `POST /api/monitors`; a created monitor opens its page. */
export const createMonitorAction = resultAction(
  memberAction("run")
    .inputSchema(createMonitorSchema)
    .action(async ({ parsedInput, ctx: { user } }) => {
      const { id } = await withPathAsField(() => createMonitor(getPrisma(), user, parsedInput, process.env));
      revalidateMonitorPages();
      redirect(`/monitors/${id}`);
    }),
);
