/**
 * Deterministic OTLP export requests for `npm run bench:import`: `traces` agent traces with
 * `calls` tool spans in all, as an instrumented agent's exporter sends them, written to a file as
 * length-prefixed protobuf bodies (4-byte big-endian length, then the ExportTraceServiceRequest).
 *
 * Each trace: a root agent span, one LLM span per turn (up to 3 parallel tool calls per turn,
 * then a final answer), the input of each LLM span holding the whole conversation so far, and one
 * tool span per call; a few tools fail. Half the traces follow OpenInference, half the GenAI
 * conventions. Spans are batched 512 to a request in the order they end (children before their
 * parents), as the SDK's BatchSpanProcessor sends them, so most traces arrive in two requests.
 */
import fs from "node:fs";
import { openInferenceMessages, otlpRequest, type SpanSpec } from "@/lib/transcripts/otlp/test-fixtures/build-request";
import { encodeTraceRequest } from "@/lib/transcripts/otlp/protobuf";
import type { JsonValue } from "@/lib/transcripts/types";
import { Rng } from "./generate-transcripts";

export interface OtlpGenerateStats {
  file: string;
  bytes: number;
  requests: number;
  traces: number;
  spans: number;
  toolSpans: number;
  milliseconds: number;
}

const BATCH = 512;
const T0 = 1_760_000_000_000_000_000n;
const TOOLS = [
  { name: "get_weather", description: "Current weather for a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "search_flights", description: "Flights between two airports on a date", parameters: { type: "object", properties: { from: { type: "string" }, to: { type: "string" }, date: { type: "string" } }, required: ["from", "to"] } },
  { name: "convert_currency", description: "Converts an amount", parameters: { type: "object", properties: { amount: { type: "number" }, to: { type: "string" } }, required: ["amount", "to"] } },
];
const CITIES = ["Lisbon", "Chicago", "Osaka", "Nairobi", "Montreal", "Berlin", "Seoul", "Dublin"];

type Message = { role: string; content?: string | null; tool_calls?: { id: string; name: string; arguments: string }[]; tool_call_id?: string };

const hex = (n: bigint, digits: number) => n.toString(16).padStart(digits, "0");

/** The spans of one trace, in the order they end. */
function traceSpans(rng: Rng, t: number, calls: number): SpanSpec[] {
  const traceId = hex(0xbe00000000000000000000000000000n + BigInt(t), 32);
  let spanNo = 0;
  const spanId = () => hex(0xa000000000000000n + BigInt(t) * 64n + BigInt(++spanNo), 16);
  const at = (ms: number) => String(T0 + BigInt(t) * 10_000_000_000n + BigInt(ms) * 1_000_000n);
  const genAi = t % 2 === 1;
  const rootId = spanId();
  const question = `Trip ${t}: weather in ${rng.pick(CITIES)}, flights and prices for next week?`;
  const history: Message[] = [{ role: "system", content: "You are a travel agent. Use the tools." }, { role: "user", content: question }];
  const spans: SpanSpec[] = [];
  let clock = 1;
  let left = calls;
  let callNo = 0;
  const llmSpan = (output: Message): SpanSpec => {
    const start = clock;
    clock += 40;
    const attributes: Record<string, JsonValue> = genAi
      ? {
          "gen_ai.operation.name": "chat",
          "gen_ai.request.model": "gpt-4.1-mini",
          "gen_ai.input.messages": JSON.stringify(history.map(genAiMessage)),
          "gen_ai.output.messages": JSON.stringify([genAiMessage(output)]),
          "gen_ai.tool.definitions": JSON.stringify(TOOLS.map((tool) => ({ type: "function", ...tool }))),
        }
      : {
          "openinference.span.kind": "LLM",
          "llm.model_name": "gpt-4.1-mini",
          ...openInferenceMessages("llm.input_messages", history),
          ...openInferenceMessages("llm.output_messages", [output]),
          ...Object.fromEntries(TOOLS.map((tool, i) => [`llm.tools.${i}.tool.json_schema`, JSON.stringify({ type: "function", function: tool })])),
        };
    return { traceId, spanId: spanId(), parentSpanId: rootId, name: genAi ? "chat gpt-4.1-mini" : "OpenAI Chat Completions", kind: 3, start: at(start), end: at(start + 35), attributes };
  };
  while (left > 0) {
    const parallel = Math.min(left, rng.int(1, 3));
    left -= parallel;
    const turn = Array.from({ length: parallel }, () => {
      const tool = rng.pick(TOOLS);
      const args = tool.name === "get_weather" ? { city: rng.pick(CITIES) } : tool.name === "search_flights" ? { from: "LIS", to: "ORD", date: "2026-12-0" + rng.int(1, 9) } : { amount: rng.int(10, 900), to: "EUR" };
      return { id: `call_${t}_${++callNo}`, name: tool.name, arguments: JSON.stringify(args) };
    });
    const assistant: Message = { role: "assistant", content: null, tool_calls: turn };
    spans.push(llmSpan(assistant));
    history.push(assistant);
    for (const call of turn) {
      const failed = rng.chance(0.05);
      const result = failed ? undefined : JSON.stringify({ ok: true, value: rng.int(1, 1000) });
      const start = clock;
      clock += 20;
      const attributes: Record<string, JsonValue> = genAi
        ? { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.name, "gen_ai.tool.call.id": call.id, "gen_ai.tool.call.arguments": call.arguments, ...(result ? { "gen_ai.tool.call.result": result } : {}) }
        : { "openinference.span.kind": "TOOL", "tool.name": call.name, "tool_call.id": call.id, "input.value": call.arguments, ...(result ? { "output.value": result } : {}) };
      spans.push({ traceId, spanId: spanId(), parentSpanId: rootId, name: genAi ? `execute_tool ${call.name}` : call.name, kind: 1, start: at(start), end: at(start + 15), attributes, ...(failed ? { status: { code: 2, message: "upstream timed out" } } : {}) });
      history.push({ role: "tool", tool_call_id: call.id, content: result ?? "Error: upstream timed out" });
    }
  }
  const answer: Message = { role: "assistant", content: "Here is your plan: sunny, two flights, prices converted." };
  spans.push(llmSpan(answer));
  spans.push({ traceId, spanId: rootId, name: "travel-agent", kind: 1, start: at(0), end: at(clock + 1), attributes: genAi ? { "gen_ai.operation.name": "invoke_agent" } : { "openinference.span.kind": "AGENT", "input.value": question } });
  return spans;
}

function genAiMessage(m: Message): JsonValue {
  if (m.role === "tool") return { role: "tool", parts: [{ type: "tool_call_response", id: m.tool_call_id ?? "", response: m.content ?? "" }] };
  const parts: JsonValue[] = [];
  if (m.content) parts.push({ type: "text", content: m.content });
  for (const c of m.tool_calls ?? []) parts.push({ type: "tool_call", id: c.id, name: c.name, arguments: JSON.parse(c.arguments) as JsonValue });
  return { role: m.role, parts };
}

export function generateOtlp(file: string, options: { transcripts: number; calls: number; seed: number }): OtlpGenerateStats {
  const started = performance.now();
  const rng = new Rng(options.seed);
  const fd = fs.openSync(file, "w");
  const stats: OtlpGenerateStats = { file, bytes: 0, requests: 0, traces: options.transcripts, spans: 0, toolSpans: 0, milliseconds: 0 };
  let pending: SpanSpec[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const body = encodeTraceRequest(otlpRequest(pending, { "service.name": "bench-travel-agent" }, { name: "bench" }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    fs.writeSync(fd, length);
    fs.writeSync(fd, body);
    stats.bytes += 4 + body.length;
    stats.requests++;
    pending = [];
  };
  try {
    const base = Math.floor(options.calls / options.transcripts);
    const extra = options.calls % options.transcripts;
    for (let t = 0; t < options.transcripts; t++) {
      const calls = base + (t < extra ? 1 : 0);
      for (const span of traceSpans(rng, t, calls)) {
        pending.push(span);
        stats.spans++;
        if (pending.length === BATCH) flush();
      }
      stats.toolSpans += calls;
    }
    flush();
  } finally {
    fs.closeSync(fd);
  }
  stats.milliseconds = performance.now() - started;
  return stats;
}

/** Reads the file back as request bodies. */
export function readOtlpRequests(file: string): Uint8Array[] {
  const data = fs.readFileSync(file);
  const bodies: Uint8Array[] = [];
  for (let at = 0; at < data.length; ) {
    const length = data.readUInt32BE(at);
    bodies.push(data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return bodies;
}
