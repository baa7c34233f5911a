import { parseScopedCriterion } from "@/lib/criteria/scope";
import { AppError } from "@/lib/platform/errors/app-error";

/** A criterion as the criteria forms store it: parsed with its scope, or refused beside the text field. */
export function parsedCriterionText(text: string) {
  const parsed = parseScopedCriterion(text);
  if (!parsed.ok) throw new AppError("invalid-input", parsed.message, { field: "text" });
  return parsed;
}
