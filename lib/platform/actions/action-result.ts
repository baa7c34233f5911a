import type { z } from "zod";
import { AppError } from "@/lib/platform/errors/app-error";

/** A zod failure as the form state: each field's messages, shown next to that field. */
export function fieldErrorState(error: z.ZodError): { ok: false; message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false, message: "Please correct the highlighted fields.", fieldErrors };
}

/** What an action answers when a use case refused: the message, beside its field when it has one. */
export interface ActionFailure {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** The review queue that already holds what was asked for. */
  queueId?: string;
}

/** A use case's refusal (AppError) as an action's result; anything else is a bug and is thrown on. */
export function actionFailure(error: unknown): ActionFailure {
  if (!(error instanceof AppError)) throw error;
  const { field, queueId } = error.details;
  return { ok: false, message: error.message, ...(field ? { fieldErrors: { [field]: [error.message] } } : {}), ...(queueId ? { queueId } : {}) };
}
