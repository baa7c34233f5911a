"use server";

import { getPrisma } from "@/lib/platform/db/client";
import { previewCriteria } from "@/lib/criteria/server/preview/preview-criteria";
import { previewRequestSchema } from "@/lib/criteria/schemas/preview";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

/**
 * "Preview on 5 calls" on the criteria page and the new-run form: judges a handful of calls and
 * returns the results; nothing is stored and nothing is revalidated. Paid judges are asked only
 * here, that is only when someone clicks.
 */
export const previewCriteriaAction = resultAction(
  memberAction("run")
    .inputSchema(previewRequestSchema)
    .action(async ({ parsedInput, ctx: { user } }) => previewCriteria(getPrisma(), user, parsedInput, process.env)),
);
