import type { JsonValue } from "@/lib/transcripts/types";
import { openInferenceMessages, type SpanSpec } from "./build-request";

/** Traces as the three conventions write them, for the unit tests. */

export const TRACE = "0af7651916cd43dd8448eb211c80319c";
const T0 = 1_700_000_000_000_000_000n;
export const at = (ms: number) => String(T0 + BigInt(ms) * 1_000_000n);

const WEATHER_TOOL = { type: "function", function: { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
const SYSTEM = { role: "system", content: "You help." };
const USER = { role: "user", content: "Weather in Lima?" };
const CALL = { role: "assistant", content: null, tool_calls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Lima"}' }] };
const RESULT = { role: "tool", content: '{"sky":"sunny"}', tool_call_id: "call_1" };

/** An OpenInference agent: root CHAIN span, LLM (asks for the tool), TOOL, LLM (answers). */
export function openInferenceTrace(traceId = TRACE): SpanSpec[] {
  const tools: Record<string, JsonValue> = { "llm.tools.0.tool.json_schema": JSON.stringify(WEATHER_TOOL) };
  return [
    { traceId, spanId: "a000000000000001", name: "agent", start: at(0), end: at(100), attributes: { "openinference.span.kind": "CHAIN", "input.value": "Weather in Lima?" } },
    {
      traceId, spanId: "a000000000000002", parentSpanId: "a000000000000001", name: "OpenAI Chat Completions", start: at(1), end: at(10),
      attributes: { "openinference.span.kind": "LLM", "llm.model_name": "stub-model", ...openInferenceMessages("llm.input_messages", [SYSTEM, USER]), ...openInferenceMessages("llm.output_messages", [CALL]), ...tools },
    },
    { traceId, spanId: "a000000000000003", parentSpanId: "a000000000000001", name: "get_weather", start: at(11), end: at(20), attributes: { "openinference.span.kind": "TOOL", "tool.name": "get_weather", "input.value": '{"city":"Lima"}', "output.value": '{"sky":"sunny"}' } },
    {
      traceId, spanId: "a000000000000004", parentSpanId: "a000000000000001", name: "OpenAI Chat Completions", start: at(21), end: at(30),
      attributes: { "openinference.span.kind": "LLM", "llm.model_name": "stub-model", ...openInferenceMessages("llm.input_messages", [SYSTEM, USER, CALL, RESULT]), ...openInferenceMessages("llm.output_messages", [{ role: "assistant", content: "It is sunny in Lima." }]), ...tools },
    },
  ];
}

/** The GenAI conventions (JSON message attributes, execute_tool span); the tool fails. */
export function genAiTrace(traceId = "1bf7651916cd43dd8448eb211c80319c"): SpanSpec[] {
  const definitions = JSON.stringify([{ type: "function", name: "get_weather", description: "Weather for a city", parameters: WEATHER_TOOL.function.parameters }]);
  return [
    { traceId, spanId: "b000000000000001", name: "invoke_agent weather", start: at(0), end: at(100), attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.conversation.id": "conv-7" } },
    {
      traceId, spanId: "b000000000000002", parentSpanId: "b000000000000001", name: "chat gpt-4.1", start: at(1), end: at(10),
      attributes: {
        "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4.1",
        "gen_ai.system_instructions": JSON.stringify([{ type: "text", content: "You help." }]),
        "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] }]),
        "gen_ai.output.messages": JSON.stringify([{ role: "assistant", parts: [{ type: "tool_call", id: "call_p", name: "get_weather", arguments: { city: "Paris" } }], finish_reason: "tool_call" }]),
        "gen_ai.tool.definitions": definitions,
      },
    },
    {
      traceId, spanId: "b000000000000003", parentSpanId: "b000000000000001", name: "execute_tool get_weather", start: at(11), end: at(20),
      attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": "call_p", "gen_ai.tool.call.arguments": '{"city":"Paris"}', "error.type": "TimeoutError" },
      status: { code: 2, message: "weather service timed out" },
    },
  ];
}

/** OpenLLMetry's older flattened attributes, with a tool span. */
export function openLlmetryTrace(traceId = "2cf7651916cd43dd8448eb211c80319c"): SpanSpec[] {
  return [
    {
      traceId, spanId: "c000000000000001", name: "openai.chat", start: at(1), end: at(10),
      attributes: {
        "llm.request.type": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o",
        "gen_ai.prompt.0.role": "user", "gen_ai.prompt.0.content": "Book a table for 2",
        "gen_ai.completion.0.role": "assistant", "gen_ai.completion.0.finish_reason": "tool_calls",
        "gen_ai.completion.0.tool_calls.0.id": "call_b", "gen_ai.completion.0.tool_calls.0.name": "book_table", "gen_ai.completion.0.tool_calls.0.arguments": '{"people":2}',
        "llm.request.functions.0.name": "book_table", "llm.request.functions.0.description": "Books a table",
        "llm.request.functions.0.parameters": '{"type":"object","properties":{"people":{"type":"integer"}}}',
      },
    },
    { traceId, spanId: "c000000000000002", name: "book_table.tool", start: at(11), end: at(20), attributes: { "traceloop.span.kind": "tool", "traceloop.entity.name": "book_table", "traceloop.entity.input": '{"args":[],"kwargs":{"people":2}}', "traceloop.entity.output": '"booked #12"' } },
  ];
}

/**
 * `count` spans of one trace (no LLM span), each with `padding` characters in an attribute: an
 * export request of a chosen size (about count × (padding + 60) bytes as protobuf).
 */
export function paddedTrace(traceId: string, count: number, padding: number): SpanSpec[] {
  const text = "x".repeat(padding);
  return Array.from({ length: count }, (_, i) => ({ traceId, spanId: (i + 1).toString(16).padStart(16, "0"), name: "step", start: at(i), end: at(i + 1), attributes: { "input.value": text } }));
}
