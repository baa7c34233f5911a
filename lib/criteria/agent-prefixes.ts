import type { Criterion } from "./prefixes";

/*
 * Agent-level criteria judge a whole transcript, not one tool call. They have prefixes of their
 * own, as the evaluation API we imitate has, so that a tool-call criterion can never be read as
 * an agent one (or the reverse): "Reward tool calls …" stays a tool-call criterion.
 */
const AGENT_PREFIXES = [
  { kind: "reward", scale: "continuous", prefix: "Reward agents" },
  { kind: "penalize", scale: "continuous", prefix: "Penalize agents" },
  { kind: "passes-if", scale: "binary", prefix: "Agent passes if" },
  { kind: "fails-if", scale: "binary", prefix: "Agent fails if" },
] as const satisfies readonly (Pick<Criterion, "kind" | "scale"> & { prefix: string })[];

export const AGENT_PREFIX_LIST = AGENT_PREFIXES.map((rule) => `"${rule.prefix} …"`).join(", ");

// Any letter case, any run of spaces between the words; "that"/"which" after a reward prefix is not part of the condition.
const patternOf = (prefix: string) => new RegExp(`^${prefix.split(" ").join("\\s+")}(?=\\s|$)`, "i");
const RULES = AGENT_PREFIXES.map((rule) => ({ ...rule, pattern: patternOf(rule.prefix) }));
const LEADING_CONNECTIVE = /^(that|which|who|whose|when)\s+/i;

export type ParseAgentCriterionResult = { ok: true; criterion: Criterion } | { ok: false; message: string };

/** An agent-level criterion: its kind, scale and condition, or a sentence naming the four agent prefixes. */
export function parseAgentCriterion(input: string): ParseAgentCriterionResult {
  const text = input.trim();
  const rule = RULES.find((candidate) => candidate.pattern.test(text));
  if (!rule) {
    const toolCall = /^(reward\s+tool\s+calls|penalize\s+tool\s+calls|tool\s+call\s+(passes|fails)\s+if)\b/i.test(text);
    const hint = toolCall ? " This is a tool-call criterion: send it to /api/v1/evals/reward with the messages that end with the call." : "";
    return { ok: false, message: `An agent-level criterion must start with one of ${AGENT_PREFIX_LIST}.${hint}` };
  }
  let condition = text.replace(rule.pattern, "").trim();
  if (rule.scale === "continuous") condition = condition.replace(LEADING_CONNECTIVE, "").trim();
  if (!condition) return { ok: false, message: `"${rule.prefix}" must be followed by the condition to judge, e.g. "${rule.prefix} … that accomplish the user's goal".` };
  return { ok: true, criterion: { text, kind: rule.kind, scale: rule.scale, condition } };
}
