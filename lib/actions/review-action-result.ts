import { revalidatePath } from "next/cache";
import type { z } from "zod";
import type { Refused } from "@/lib/server/auth/guard";
import { ReviewError } from "@/lib/server/review/errors";
import type { ReviewActionFailure } from "@/lib/zod/review";

/*
 * What the review actions share: turning refusals into results the UI can show, and which pages
 * to refresh. Not an action itself (no "use server"): only async functions may leave such a file.
 */

/** Input that failed its schema: one sentence, and the messages per field for forms. */
export function inputFailure(error: z.ZodError): ReviewActionFailure {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return { ok: false, message: [...new Set(error.issues.map((issue) => issue.message))].join(" "), fieldErrors };
}

/** A role or session refusal from authorizeAction. */
export function refusedFailure(refused: Refused): ReviewActionFailure {
  return { ok: false, message: refused.message };
}

/** A service's refusal as a result; anything else is a bug and is thrown on. */
export function serviceFailure(error: unknown): ReviewActionFailure {
  if (error instanceof ReviewError) return { ok: false, message: error.message };
  throw error;
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
