/** A small transcript and judge inputs shared by the judges' tests (not used at runtime). */
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { buildHindsightView, buildImmediateView } from "@/lib/judging/engine/views";
import type { JudgeInput } from "@/lib/judging/judges/types";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";

export const WEATHER_RESPONSE = '{"temperature_c": 18, "conditions": "light rain"}';
export const TIME_RESPONSE = '{"time": "14:05", "timezone": "Europe/Paris"}';
export const FOLLOW_UP = "It is 18 °C with light rain in Paris, and the local time is 14:05.";

/** One user turn with two parallel calls, their responses, the answer, then a new user turn. */
export const TRANSCRIPT: CanonicalTranscript = {
  messages: [
    { role: "system", content: "You are a travel assistant." },
    { role: "user", content: "What's the weather and the time in Paris right now?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_weather", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}' } },
        { id: "call_time", type: "function", function: { name: "get_time", arguments: '{"timezone":"Europe/Paris"}' } },
      ],
    },
    { role: "tool", tool_call_id: "call_weather", content: WEATHER_RESPONSE },
    { role: "tool", tool_call_id: "call_time", content: TIME_RESPONSE },
    { role: "assistant", content: FOLLOW_UP },
    { role: "user", content: "Thanks! Book me a table for two tonight." },
  ],
  tools: [
    {
      type: "function",
      function: {
        name: "get_weather",
        description: "Current weather for a city.",
        parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city"] },
      },
    },
    {
      type: "function",
      function: {
        name: "get_time",
        description: "Current local time in an IANA timezone.",
        parameters: { type: "object", properties: { timezone: { type: "string" } }, required: ["timezone"] },
      },
    },
  ],
  metadata: {},
};

export const SITES: ToolCallSite[] = extractToolCallSites(TRANSCRIPT);
export const WEATHER_SITE = SITES[0];
export const TIME_SITE = SITES[1];

export function criterion(text: string): Criterion {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
}

export const REWARD = criterion("Reward tool calls that use arguments grounded in the user's request");
export const PENALIZE = criterion("Penalize tool calls that invent argument values");
export const PASSES_IF = criterion("Tool call passes if the arguments match the tool's schema");
export const FAILS_IF = criterion("Tool call fails if the tool returns an error");

export function immediateInput(c: Criterion, site: ToolCallSite = WEATHER_SITE): JudgeInput {
  const view = buildImmediateView(TRANSCRIPT, site);
  if (typeof view === "string") throw new Error(view);
  return { criterion: c, view: "immediate", content: view };
}

export function hindsightInput(c: Criterion, site: ToolCallSite = WEATHER_SITE): JudgeInput {
  const view = buildHindsightView(TRANSCRIPT, site);
  if (typeof view === "string") throw new Error(view);
  return { criterion: c, view: "hindsight", content: view };
}
