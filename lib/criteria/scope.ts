import { z } from "zod";
import { AGENT_PREFIX_LIST, parseAgentCriterion } from "./agent-prefixes";
import { CRITERION_MAX_LENGTH, CRITERION_TOO_LONG, parseCriterion } from "./parse";
import { CRITERION_PREFIXES, splitPrefix, type Criterion } from "./prefixes";
import { suggestCriterion } from "./suggest";

const CALL_PREFIX_LIST = CRITERION_PREFIXES.map((rule) => `"${rule.prefix} …"`).join(", ");

/** What a criterion judges: one tool call ("Reward tool calls …") or a whole transcript ("Reward agents …"). */
export const CRITERION_SCOPES = ["call", "agent"] as const;
export type CriterionScope = (typeof CRITERION_SCOPES)[number];

export type ParseScopedCriterionResult = { ok: true; criterion: Criterion; scope: CriterionScope } | { ok: false; message: string };

// An agent prefix followed by nothing: the agent parser's own message names the prefix that needs a condition.
const AGENT_START = /^(reward\s+agents|penalize\s+agents|agent\s+(passes|fails)\s+if)(?=\s|$)/i;

/**
 * A criterion of either scope: the tool-call prefixes first, then the agent ones. The two sets
 * never overlap ("Reward tool calls" is never an agent prefix), so the order decides nothing.
 */
export function parseScopedCriterion(input: string): ParseScopedCriterionResult {
  const call = parseCriterion(input);
  if (call.ok) return { ok: true, criterion: call.criterion, scope: "call" };
  const agent = parseAgentCriterion(input);
  if (agent.ok) return { ok: true, criterion: agent.criterion, scope: "agent" };
  const text = input.trim();
  // A prefix of either scope with nothing after it: that parser says which condition is missing.
  if (!text || splitPrefix(text)) return call;
  if (AGENT_START.test(text)) return agent;
  const suggestion = suggestCriterion(text, { continuous: "Reward tool calls", binary: "Tool call passes if", all: CRITERION_PREFIXES.map((rule) => rule.prefix) });
  return {
    ok: false,
    message: `A criterion must start with one of ${CALL_PREFIX_LIST} for each tool call, or one of ${AGENT_PREFIX_LIST} for the agent over a whole transcript. Did you mean "${suggestion}"?`,
  };
}

/** The scope of a stored criterion's text; "call" for a text neither parser reads (it is judged, and fails, as before). */
export function scopeOf(text: string): CriterionScope {
  const parsed = parseScopedCriterion(text);
  return parsed.ok ? parsed.scope : "call";
}

/** Form field for a criterion of either scope, with the parser's message as the field error. */
export const scopedCriterionTextSchema = z
  .string()
  .trim()
  .max(CRITERION_MAX_LENGTH, CRITERION_TOO_LONG)
  .superRefine((value, ctx) => {
    const parsed = parseScopedCriterion(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });
