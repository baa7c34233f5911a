import type { JsonValue } from "@/lib/transcripts/types";

/**
 * Writes OTLP/JSON export requests from plain span descriptions: for tests, the benchmark and
 * examples. Attribute values become AnyValues as an SDK would send them (integers as intValue
 * strings, other numbers as doubleValue, objects as kvlists).
 */

export interface SpanSpec {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  /** Unix nanoseconds, as a decimal string or a safe integer. */
  start: string | number;
  end?: string | number;
  attributes?: Record<string, JsonValue>;
  status?: { code: number; message?: string };
  events?: { name: string; time: string | number; attributes?: Record<string, JsonValue> }[];
}

export type AnyValueJson =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValueJson[] } }
  | { kvlistValue: { values: { key: string; value: AnyValueJson }[] } }
  | Record<string, never>;

export function anyValue(value: JsonValue): AnyValueJson {
  if (value === null) return {};
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "number") return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  return { kvlistValue: { values: keyValues(value) } };
}

export function keyValues(values: Record<string, JsonValue>): { key: string; value: AnyValueJson }[] {
  return Object.entries(values).map(([key, value]) => ({ key, value: anyValue(value) }));
}

export function otlpRequest(spans: SpanSpec[], resource: Record<string, JsonValue> = { "service.name": "test-agent" }, scope = { name: "callboard-test" }) {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resource) },
        scopeSpans: [
          {
            scope,
            spans: spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
              name: s.name,
              kind: s.kind ?? 1,
              startTimeUnixNano: String(s.start),
              endTimeUnixNano: String(s.end ?? s.start),
              attributes: keyValues(s.attributes ?? {}),
              ...(s.events ? { events: s.events.map((e) => ({ name: e.name, timeUnixNano: String(e.time), attributes: keyValues(e.attributes ?? {}) })) } : {}),
              ...(s.status ? { status: s.status } : {}),
            })),
          },
        ],
      },
    ],
  };
}

/** The flattened OpenInference attributes of a message list, as its instrumentations write them. */
export function openInferenceMessages(prefix: "llm.input_messages" | "llm.output_messages", messages: { role: string; content?: string | null; tool_calls?: { id: string; name: string; arguments: string }[]; tool_call_id?: string }[]): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  messages.forEach((m, i) => {
    const at = `${prefix}.${i}.message`;
    out[`${at}.role`] = m.role;
    if (m.content !== undefined && m.content !== null) out[`${at}.content`] = m.content;
    if (m.tool_call_id) out[`${at}.tool_call_id`] = m.tool_call_id;
    (m.tool_calls ?? []).forEach((c, k) => {
      out[`${at}.tool_calls.${k}.tool_call.id`] = c.id;
      out[`${at}.tool_calls.${k}.tool_call.function.name`] = c.name;
      out[`${at}.tool_calls.${k}.tool_call.function.arguments`] = c.arguments;
    });
  });
  return out;
}
