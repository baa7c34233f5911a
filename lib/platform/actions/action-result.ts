import type { z } from "zod";

/** A zod failure as the form state: each field's messages, shown next to that field. */
export function fieldErrorState(error: z.ZodError): { ok: false; message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false, message: "Please correct the highlighted fields.", fieldErrors };
}
