import { describe, expect, it } from "vitest";
import { assembleTranscript } from "./assemble";
import { openInferenceMessages, otlpRequest, type SpanSpec } from "./test-fixtures/build-request";
import { groupSpans, importTraceSpans } from "./import-trace";
import { readTraceRequest } from "./read-request";
import type { OtelSpan } from "./span";
import { at, genAiTrace, openInferenceTrace, openLlmetryTrace, TRACE } from "./test-fixtures/traces";

const spansOf = (specs: SpanSpec[], resource?: Record<string, string>): OtelSpan[] => readTraceRequest(otlpRequest(specs, resource)).spans;

function assembled(specs: SpanSpec[]) {
  const result = assembleTranscript(spansOf(specs), { metadataAttributes: ["service.name", "missing"] });
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("assembleTranscript", () => {
  it("merges an OpenInference agent's LLM spans into one conversation with the tool's response", () => {
    const { transcript, warnings } = assembled(openInferenceTrace());
    expect(transcript.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    expect(transcript.messages[2]).toMatchObject({ tool_calls: [{ id: "call_1", function: { name: "get_weather", arguments: '{"city":"Lima"}' } }] });
    expect(transcript.messages[3]).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"sky":"sunny"}' });
    expect(transcript.tools.map((t) => t.function.name)).toEqual(["get_weather"]);
    expect(transcript.metadata).toMatchObject({ source: "opentelemetry", service: "test-agent", model: "stub-model", trace: { traceId: TRACE, spans: 4, rootSpan: "agent" }, attributes: { "service.name": "test-agent" } });
    expect(warnings).toEqual([]);
  });

  it("gives the same transcript whatever order the spans arrive in", () => {
    const specs = openInferenceTrace();
    expect(assembled([...specs].reverse()).transcript).toEqual(assembled(specs).transcript);
  });

  it("a tool span that ran after the last LLM call becomes the call's response, its error status included", () => {
    const { transcript } = assembled(genAiTrace());
    expect(transcript.messages).toEqual([
      { role: "system", content: "You help." },
      { role: "user", content: "Weather in Paris?" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_p", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { role: "tool", tool_call_id: "call_p", content: "Error: weather service timed out" },
    ]);
    expect(transcript.metadata).toMatchObject({ model: "gpt-4.1", sessionId: "conv-7" });
    expect(transcript.tools[0].function).toMatchObject({ name: "get_weather", description: "Weather for a city" });
  });

  it("reads OpenLLMetry's flattened prompt, completion and function attributes", () => {
    const { transcript } = assembled(openLlmetryTrace());
    expect(transcript.messages).toEqual([
      { role: "user", content: "Book a table for 2" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_b", type: "function", function: { name: "book_table", arguments: '{"people":2}' } }] },
      { role: "tool", tool_call_id: "call_b", content: "booked #12" },
    ]);
    expect(transcript.tools[0].function.parameters).toEqual({ type: "object", properties: { people: { type: "integer" } } });
  });

  it("marks a failed tool span's existing response as an error", () => {
    const specs = openInferenceTrace();
    specs[2] = { ...specs[2], status: { code: 2, message: "HTTP 503" } };
    expect(assembled(specs).transcript.messages[3]).toMatchObject({ role: "tool", content: 'Error: HTTP 503\n{"sky":"sunny"}' });
  });

  it("warns about attributes of the wrong type and keeps what it can read", () => {
    // The agent stopped after the tool ran: one LLM span.
    const specs = openInferenceTrace().slice(0, 3);
    specs[1] = { ...specs[1], attributes: { ...specs[1].attributes, "llm.input_messages.1.message.content": 42, "llm.tools.0.tool.json_schema": "{not json", "llm.model_name": ["a"] } };
    const { transcript, warnings } = assembled(specs);
    expect(transcript.messages[1]).toEqual({ role: "user", content: "42" });
    expect(transcript.messages[3]).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"sky":"sunny"}' });
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("span a000000000000002 (OpenAI Chat Completions): `llm.input_messages.1.message.content` expected a string, got a number (42); read as text"),
      expect.stringContaining("`llm.model_name` expected a string, got an array; left out"),
      expect.stringContaining("`llm.tools.0.tool.json_schema` not valid JSON"),
    ]);
    expect(warnings.every((w) => w.code === "span_attribute")).toBe(true);
  });

  it("adds the messages of an LLM span that does not continue the conversation, with a warning", () => {
    const specs = openInferenceTrace();
    specs[3] = { ...specs[3], attributes: { ...specs[3].attributes, "llm.input_messages.1.message.content": "Weather in Quito?" } };
    const { transcript, warnings } = assembled(specs);
    expect(transcript.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "tool", "assistant"]);
    expect(warnings).toEqual([expect.objectContaining({ code: "tool_span", message: expect.stringContaining("does not continue the conversation") })]);
  });

  it("gives parallel calls of one tool the results of the tool spans with their arguments, whatever order the spans ran in", () => {
    const [root, llm] = openInferenceTrace();
    const calls = [{ id: "call_a", name: "get_weather", arguments: '{"city":"Lima"}' }, { id: "call_b", name: "get_weather", arguments: '{"city":"Oslo"}' }];
    const parallel = { ...llm, attributes: { ...llm.attributes, ...openInferenceMessages("llm.output_messages", [{ role: "assistant", tool_calls: calls }]) } };
    const tool = (spanId: string, city: string, start: number): SpanSpec => ({ traceId: TRACE, spanId, parentSpanId: root.spanId, name: "get_weather", start: at(start), attributes: { "openinference.span.kind": "TOOL", "tool.name": "get_weather", "input.value": `{ "city": "${city}" }`, "output.value": `${city} weather` } });
    const { transcript } = assembled([root, parallel, tool("a000000000000005", "Oslo", 11), tool("a000000000000006", "Lima", 12)]);
    expect(transcript.messages.slice(3)).toEqual([
      { role: "tool", tool_call_id: "call_a", content: "Lima weather" },
      { role: "tool", tool_call_id: "call_b", content: "Oslo weather" },
    ]);
  });

  it("warns about a tool span that answers no call", () => {
    const specs = [...openInferenceTrace(), { traceId: TRACE, spanId: "a000000000000009", name: "cleanup", start: at(40), attributes: { "openinference.span.kind": "TOOL", "tool.name": "cleanup" } }];
    expect(assembled(specs).warnings).toEqual([expect.objectContaining({ code: "tool_span", message: expect.stringContaining("`cleanup`) answers no tool call") })]);
  });

  it("refuses a trace without an LLM span, saying which conventions it looked for", () => {
    const result = assembleTranscript(spansOf([openInferenceTrace()[0]]));
    expect(result).toMatchObject({ ok: false, code: "no_llm_span", message: expect.stringContaining(`trace ${TRACE}: none of its 1 span is an LLM span`) });
  });
});

describe("importTraceSpans and groupSpans", () => {
  it("imports a trace like an uploaded transcript: name, sites with responses, hash", () => {
    const outcome = importTraceSpans(spansOf(openInferenceTrace()), { file: "traces.jsonl", line: 3 });
    expect(outcome).toMatchObject({ ok: true, format: "otlp", name: "Weather in Lima?", source: { file: "traces.jsonl", line: 3 } });
    if (!outcome.ok) return;
    expect(outcome.sites).toEqual([expect.objectContaining({ callId: "call_1", toolName: "get_weather", response: '{"sky":"sunny"}' })]);
    expect(outcome.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("groups the traces of one conversation together and the others by trace", () => {
    const second = genAiTrace("3df7651916cd43dd8448eb211c80319c");
    const groups = groupSpans(spansOf([...openInferenceTrace(), ...genAiTrace(), ...second]));
    expect(groups.map((g) => new Set(g.map((s) => s.traceId)).size)).toEqual([1, 2]);
  });
});
