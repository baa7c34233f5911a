import type { JsonValue } from "../types";
import { describe, isRecord } from "./any-value";
import { readId } from "./read-request";
import type { OtelSpan } from "./span";

/**
 * Arize Phoenix's span exports: its span JSON (`context.trace_id`, `span_kind`, `parent_id`, ISO
 * times, `status_code`, nested `attributes`), the same as records of a spans data frame (dotted
 * keys such as `context.span_id` and `attributes.llm.input_messages` holding lists of
 * `{"message.role": …}`), and the REST API's pages (`{"data": [span, …]}`). Attributes are
 * flattened into OpenInference's dotted keys, so the OpenInference reader takes it from there.
 */

export function isPhoenixSpan(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  return (isRecord(value.context) && ("span_id" in value.context || "trace_id" in value.context)) || "context.span_id" in value;
}

export function isPhoenixPage(value: unknown): value is { data: unknown[] } {
  return isRecord(value) && Array.isArray(value.data) && value.data.length > 0 && value.data.every(isPhoenixSpan);
}

const STATUS: Record<string, number> = { UNSET: 0, OK: 1, ERROR: 2 };

export type PhoenixRead = { ok: true; span: OtelSpan } | { ok: false; path: string; message: string };

export function readPhoenixSpan(value: Record<string, unknown>): PhoenixRead {
  const context = isRecord(value.context) ? value.context : {};
  const rawTrace = context.trace_id ?? value["context.trace_id"];
  const rawSpan = context.span_id ?? value["context.span_id"];
  const traceId = readId(rawTrace, 16);
  if (!traceId) return { ok: false, path: "context.trace_id", message: `expected a trace id of 32 hexadecimal digits, got ${describe(rawTrace)}` };
  const spanId = readId(rawSpan, 8);
  if (!spanId) return { ok: false, path: "context.span_id", message: `expected a span id of 16 hexadecimal digits, got ${describe(rawSpan)}` };
  const attributes: Record<string, JsonValue> = {};
  if (isRecord(value.attributes)) flatten(value.attributes as Record<string, JsonValue>, "", attributes);
  for (const key of Object.keys(value)) if (key.startsWith("attributes.")) flatten({ [key.slice("attributes.".length)]: value[key] as JsonValue }, "", attributes);
  const kind = value.span_kind;
  if (typeof kind === "string" && !("openinference.span.kind" in attributes)) attributes["openinference.span.kind"] = kind;
  const parent = readId(value.parent_id, 8);
  const code = typeof value.status_code === "string" ? (STATUS[value.status_code.toUpperCase()] ?? 0) : 0;
  const message = typeof value.status_message === "string" && value.status_message !== "" ? value.status_message : undefined;
  return {
    ok: true,
    span: {
      traceId,
      spanId,
      parentSpanId: parent,
      name: typeof value.name === "string" ? value.name : "",
      kind: 0,
      startNs: isoToNs(value.start_time),
      endNs: isoToNs(value.end_time),
      attributes,
      status: message ? { code, message } : { code },
      events: readEvents(value.events),
      resource: {},
      scope: { name: "phoenix" },
    },
  };
}

/** Nested objects and lists as dotted keys: {llm: {input_messages: [{message: {role}}]}} → llm.input_messages.0.message.role. */
function flatten(value: Record<string, JsonValue>, prefix: string, out: Record<string, JsonValue>): void {
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (item !== null && typeof item === "object" && !Array.isArray(item)) flatten(item, path, out);
    else if (Array.isArray(item) && item.some((entry) => entry !== null && typeof entry === "object")) {
      item.forEach((entry, i) => {
        if (entry !== null && typeof entry === "object" && !Array.isArray(entry)) flatten(entry, `${path}.${i}`, out);
        else out[`${path}.${i}`] = entry;
      });
    } else out[path] = item;
  }
}

function isoToNs(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "0";
  const ms = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms) || ms <= 0) return "0";
  // ISO strings carry microseconds; Date.parse keeps milliseconds, enough to order spans.
  const micros = typeof value === "string" ? /\.\d{3}(\d{1,3})/.exec(value)?.[1]?.padEnd(3, "0") : undefined;
  return String(BigInt(Math.trunc(ms)) * 1_000_000n + BigInt(micros ?? "0") * 1000n);
}

function readEvents(value: unknown): OtelSpan["events"] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((event) => {
    const attributes: Record<string, JsonValue> = {};
    if (isRecord(event.attributes)) flatten(event.attributes as Record<string, JsonValue>, "", attributes);
    return { name: typeof event.name === "string" ? event.name : "", timeNs: isoToNs(event.timestamp), attributes };
  });
}
