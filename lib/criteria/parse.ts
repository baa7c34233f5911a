import { z } from "zod";
import { CRITERION_PREFIXES, splitPrefix, type Criterion } from "./prefixes";

import { suggestCriterion } from "./suggest";

export { CRITERION_PREFIXES } from "./prefixes";
export type { Criterion, CriterionKind, CriterionScale } from "./prefixes";

export type ParseCriterionResult = { ok: true; criterion: Criterion } | { ok: false; message: string };

const PREFIX_LIST = CRITERION_PREFIXES.map((rule) => `"${rule.prefix} …"`).join(", ");

export function parseCriterion(input: string): ParseCriterionResult {
  const text = input.trim();
  if (!text) return { ok: false, message: `A criterion is required. Start it with one of ${PREFIX_LIST}.` };
  const split = splitPrefix(text);
  if (!split) {
    const suggestion = suggestCriterion(text, { continuous: "Reward tool calls", binary: "Tool call passes if", all: CRITERION_PREFIXES.map((candidate) => candidate.prefix) });
    return { ok: false, message: `A criterion must start with one of ${PREFIX_LIST}. Did you mean "${suggestion}"?` };
  }
  const { rule, condition } = split;
  if (!condition) {
    return { ok: false, message: `"${rule.prefix}" must be followed by the condition to judge, e.g. "${rule.prefix} … that use the right tool".` };
  }
  return { ok: true, criterion: { text, kind: rule.kind, scale: rule.scale, condition } };
}

/**
 * The longest criterion, once trimmed: every schema of a criterion's text and the form's own
 * check in the browser (components/criteria/criterion-text-field.tsx) read it from here.
 */
export const CRITERION_MAX_LENGTH = 2000;
export const CRITERION_TOO_LONG = `A criterion is at most ${CRITERION_MAX_LENGTH.toLocaleString("en-US")} characters.`;

/** Whether `input` is over CRITERION_MAX_LENGTH as the schemas count it (after trimming). */
export function isCriterionTooLong(input: string): boolean {
  return input.trim().length > CRITERION_MAX_LENGTH;
}

/** Form field: a criterion's text, with the parser's message as the field error. */
export const criterionTextSchema = z
  .string()
  .trim()
  .max(CRITERION_MAX_LENGTH, CRITERION_TOO_LONG)
  .superRefine((value, ctx) => {
    const parsed = parseCriterion(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

/** Parses straight to a `Criterion` for code that needs the kind and condition. */
export const criterionSchema = z
  .string()
  .max(CRITERION_MAX_LENGTH, CRITERION_TOO_LONG)
  .transform((value, ctx): Criterion => {
    const parsed = parseCriterion(value);
    if (parsed.ok) return parsed.criterion;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

/** The form to create or edit a criterion. */
export const criterionFormSchema = z.object({
  text: criterionTextSchema,
  title: z.string().trim().max(120).optional(),
});
export type CriterionFormInput = z.input<typeof criterionFormSchema>;
