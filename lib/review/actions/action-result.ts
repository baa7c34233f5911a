import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { Action } from "@/lib/accounts/roles";
import type { CurrentUser } from "@/lib/accounts/server/current-user";
import { authorizeAction, type Refused } from "@/lib/accounts/server/guard";
import type { ReviewActionFailure } from "@/lib/review/schemas/review";
import { actionFailure } from "@/lib/platform/actions/action-result";

/*
 * What the review actions share: their steps, turning refusals into results the UI can show, and
 * which pages to refresh. Not an action itself (no "use server"): only async functions may leave such a file.
 */

/**
 * Input that failed its schema: one sentence, and the messages per field for forms, keyed by the
 * field's full path ("filter.scoreBelow"), so a form can put each message beside its own field.
 */
function inputFailure(error: z.ZodError): ReviewActionFailure {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.map(String).join(".") || "form"] ??= []).push(issue.message);
  return { ok: false, message: [...new Set(error.issues.map((issue) => issue.message))].join(" "), fieldErrors };
}

function refusedFailure(refused: Refused): ReviewActionFailure {
  return { ok: false, message: refused.message };
}

/**
 * A review action's steps: parse the input with its schema, check the caller's role for `action`,
 * then `run` the use case. Bad input, a refusal and a service's AppError each come back as a
 * failure to show, having changed nothing; anything else is a bug and is thrown on.
 */
export async function reviewAction<S extends z.ZodType, R extends { ok: true }>(
  schema: S,
  input: unknown,
  action: Action,
  run: (data: z.output<S>, user: CurrentUser) => Promise<R>,
): Promise<R | ReviewActionFailure> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return inputFailure(parsed.error);
  const auth = await authorizeAction(action);
  if (!auth.ok) return refusedFailure(auth);
  try {
    return await run(parsed.data, auth.user);
  } catch (error) {
    return actionFailure(error);
  }
}

/** The review pages: queue lists, queues and items all live under /review. */
export function revalidateReviewPages(): void {
  revalidatePath("/review", "layout");
}

/** Pages that show human verdicts beside the judge's: the run's pages, and judge agreement on the criteria pages. */
export function revalidateVerdictPages(runId: string): void {
  revalidateReviewPages();
  revalidatePath(`/runs/${runId}`, "layout");
  revalidatePath("/criteria", "layout");
}
