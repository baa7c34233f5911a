"use server";

import { authorizeAction } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { previewCriteria } from "@/lib/criteria/server/preview/preview-criteria";
import { previewRequestSchema, type PreviewRequest, type PreviewState } from "@/lib/criteria/schemas/preview";
import { actionFailure } from "@/lib/platform/actions/action-result";

/**
 * "Preview on 5 calls" on the criteria page and the new-run form: judges a handful of calls and
 * returns the results; nothing is stored and nothing is revalidated. Paid judges are asked only
 * here, that is only when someone clicks.
 */
export async function previewCriteriaAction(input: PreviewRequest): Promise<PreviewState> {
  const allowed = await authorizeAction("run");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const request = previewRequestSchema.safeParse(input);
  if (!request.success) return { ok: false, message: [...new Set(request.error.issues.map((issue) => issue.message))].join(" ") };
  try {
    return { ok: true, ...(await previewCriteria(getPrisma(), allowed.user, request.data, process.env)) };
  } catch (error) {
    return actionFailure(error);
  }
}
