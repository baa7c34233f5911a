import { z } from "zod";
import { suggestCriterion } from "./suggest";

export type CriterionKind = "reward" | "penalize" | "passes-if" | "fails-if";
export type CriterionScale = "continuous" | "binary";

export interface Criterion {
  /** The criterion as written, trimmed. */
  text: string;
  kind: CriterionKind;
  scale: CriterionScale;
  /** What the prefix applies to: "that select appropriate tools" -> "select appropriate tools". */
  condition: string;
}

export type ParseCriterionResult = { ok: true; criterion: Criterion } | { ok: false; message: string };

interface PrefixRule {
  kind: CriterionKind;
  scale: CriterionScale;
  prefix: string;
  pattern: RegExp;
}

// Words may be separated by any run of spaces; the match is case-insensitive.
const words = (prefix: string) => new RegExp(`^${prefix.split(" ").join("\\s+")}(?=\\s|$)`, "i");

export const CRITERION_PREFIXES: readonly PrefixRule[] = [
  { kind: "reward", scale: "continuous", prefix: "Reward tool calls", pattern: words("Reward tool calls") },
  { kind: "penalize", scale: "continuous", prefix: "Penalize tool calls", pattern: words("Penalize tool calls") },
  { kind: "passes-if", scale: "binary", prefix: "Tool call passes if", pattern: words("Tool call passes if") },
  { kind: "fails-if", scale: "binary", prefix: "Tool call fails if", pattern: words("Tool call fails if") },
];

const PREFIX_LIST = CRITERION_PREFIXES.map((rule) => `"${rule.prefix} …"`).join(", ");

// "Reward tool calls that X" and "Reward tool calls which X" both mean X.
const LEADING_CONNECTIVE = /^(that|which|who|where|when|whose)\s+/i;

export function parseCriterion(input: string): ParseCriterionResult {
  const text = input.trim();
  if (!text) return { ok: false, message: `A criterion is required. Start it with one of ${PREFIX_LIST}.` };
  const rule = CRITERION_PREFIXES.find((candidate) => candidate.pattern.test(text));
  if (!rule) {
    const suggestion = suggestCriterion(text, { continuous: "Reward tool calls", binary: "Tool call passes if", all: CRITERION_PREFIXES.map((candidate) => candidate.prefix) });
    return { ok: false, message: `A criterion must start with one of ${PREFIX_LIST}. Did you mean "${suggestion}"?` };
  }
  let condition = text.replace(rule.pattern, "").trim();
  if (rule.scale === "continuous") condition = condition.replace(LEADING_CONNECTIVE, "").trim();
  if (!condition) {
    return { ok: false, message: `"${rule.prefix}" must be followed by the condition to judge, e.g. "${rule.prefix} … that use the right tool".` };
  }
  return { ok: true, criterion: { text, kind: rule.kind, scale: rule.scale, condition } };
}

/** Form field: a criterion's text, with the parser's message as the field error. */
export const criterionTextSchema = z
  .string()
  .trim()
  .max(2000, "A criterion is at most 2,000 characters.")
  .superRefine((value, ctx) => {
    const parsed = parseCriterion(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

/** Parses straight to a `Criterion` for code that needs the kind and condition. */
export const criterionSchema = z
  .string()
  .max(2000, "A criterion is at most 2,000 characters.")
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
