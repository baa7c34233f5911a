/*
 * The four criterion prefixes, apart from the parser (which brings zod): pages that only label
 * criteria read them here.
 */
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

export interface PrefixRule {
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

// "Reward tool calls that X" and "Reward tool calls which X" both mean X.
const LEADING_CONNECTIVE = /^(that|which|who|where|when|whose)\s+/i;

/** The prefix rule a text starts with and the condition after it (possibly empty), or null. */
export function splitPrefix(text: string): { rule: PrefixRule; condition: string } | null {
  const trimmed = text.trim();
  const rule = CRITERION_PREFIXES.find((candidate) => candidate.pattern.test(trimmed));
  if (!rule) return null;
  let condition = trimmed.replace(rule.pattern, "").trim();
  if (rule.scale === "continuous") condition = condition.replace(LEADING_CONNECTIVE, "").trim();
  return { rule, condition };
}
