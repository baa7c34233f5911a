import { AccountError } from "@/lib/accounts/server/errors";

/** A service's refusal as form state, the message also shown next to its field; anything else is a bug and is rethrown. */
export function accountErrorState(error: unknown): { ok: false; message: string; fieldErrors?: Record<string, string[]> } {
  if (!(error instanceof AccountError)) throw error;
  return { ok: false, message: error.message, ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : {}) };
}

/** A string field of a submitted form; a file or a missing field reads as empty. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
