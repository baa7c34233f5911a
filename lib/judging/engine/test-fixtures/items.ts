import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTool, CanonicalTranscript } from "@/lib/transcripts/types";
import type { CallResult, EvaluationItem } from "../types";

export const weatherTools: CanonicalTool[] = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    },
  },
];

export function callMessage(name: string, args: string, id = "c1"): CanonicalMessage {
  return { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: args } }] };
}

/** "What's the weather in Paris?" answered by one call, with or without its response. */
export function weatherTranscript(options: { tool?: string; args?: string; response?: string | null } = {}): CanonicalTranscript {
  const messages: CanonicalMessage[] = [{ role: "user", content: "What's the weather in Paris?" }, callMessage(options.tool ?? "get_weather", options.args ?? '{"city":"Paris"}')];
  if (options.response !== null) messages.push({ role: "tool", tool_call_id: "c1", content: options.response ?? '{"temperature_c": 18}' });
  return { messages, tools: weatherTools, metadata: {} };
}

export function itemOf(transcript: CanonicalTranscript, name = "weather"): EvaluationItem {
  return { name, transcript, sites: extractToolCallSites(transcript) };
}

export function criterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

export const ACCURACY = criterion("Reward tool calls that select appropriate tools and provide accurate parameters");
export const CORRECT = criterion("Tool call passes if the selected tool and every argument correctly fulfil the user's request");
export const TOOL_ERRORS = criterion("Penalize tool calls whose response reports an error");

/** A result with defaults, for summary, gate and format tests. */
export function result(overrides: Partial<CallResult> = {}): CallResult {
  return {
    item: 0,
    transcript: "weather",
    callOrdinal: 1,
    callId: "c1",
    toolName: "get_weather",
    criterionIndex: 0,
    criterion: ACCURACY.text,
    scale: "continuous",
    mode: "hindsight",
    status: "done",
    score: 1,
    passed: null,
    explanation: "fine",
    findings: [],
    cached: false,
    attempts: 1,
    latencyMs: 3,
    ...overrides,
  };
}
