import type { JsonValue } from "../types";
import { describe, isRecord, readInt64, readKeyValues } from "./any-value";
import type { DecodedSpans, OtelSpan, SpanProblem } from "./span";

/**
 * Reads an ExportTraceServiceRequest (a decoded protobuf message or its proto3 JSON form, as
 * sent by exporters and written by the collector's and SDKs' file exporters) into OtelSpans.
 * A span that cannot be kept (no valid ids) is rejected with its path; everything else about a
 * span that is wrong (an attribute of an unknown kind, a bad event) is left out with a warning.
 * Written by hand rather than with zod: the same reader serves both representations (protobuf
 * messages carry defaults on their prototype and Long objects), and it runs over every span of
 * every request, where copying each object through a schema would cost most of the time.
 */

export interface ReadOptions {
  /** Spans beyond this number are rejected (counted, not read). */
  maxSpans?: number;
  /** Line of the item in its file, copied into every problem. */
  line?: number;
}

const HEX = /^[0-9a-f]+$/i;

export function isTraceRequest(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (Array.isArray(value.resourceSpans) || Array.isArray(value.resource_spans));
}

/** What a request holds, read or rejected span by span; `total` counts every span present. */
export function readTraceRequest(value: unknown, options: ReadOptions = {}): DecodedSpans & { total: number } {
  const out: DecodedSpans & { total: number } = { spans: [], rejected: [], warnings: [], total: 0 };
  const at = (path: string, message: string): SpanProblem => (options.line === undefined ? { path, message } : { path, message, line: options.line });
  if (!isRecord(value)) {
    out.rejected.push(at("", `expected an ExportTraceServiceRequest object with \`resourceSpans\`, got ${describe(value)}`));
    return out;
  }
  const resourceSpans = value.resourceSpans ?? value.resource_spans;
  if (!Array.isArray(resourceSpans)) {
    const keys = Object.keys(value).slice(0, 6).map((k) => `\`${k}\``).join(", ");
    out.rejected.push(at("resourceSpans", `expected a \`resourceSpans\` array (an OTLP ExportTraceServiceRequest); found ${keys || "an empty object"}`));
    return out;
  }
  const maxSpans = options.maxSpans ?? Number.POSITIVE_INFINITY;
  let overLimit = 0;
  resourceSpans.forEach((rs: unknown, r) => {
    const rPath = `resourceSpans[${r}]`;
    if (!isRecord(rs)) return void out.rejected.push(at(rPath, `expected a ResourceSpans object, got ${describe(rs)}`));
    const resourceAttributes = readKeyValues(isRecord(rs.resource) ? rs.resource.attributes : undefined, `${rPath}.resource.attributes`);
    for (const p of resourceAttributes.problems) out.warnings.push(at(p.path, p.message));
    // instrumentationLibrarySpans: the name before OTLP 0.15, still written by old exporters.
    const scopes = rs.scopeSpans ?? rs.scope_spans ?? rs.instrumentationLibrarySpans;
    const sKey = rs.scopeSpans !== undefined ? "scopeSpans" : rs.scope_spans !== undefined ? "scope_spans" : "instrumentationLibrarySpans";
    if (scopes === undefined || scopes === null) return;
    if (!Array.isArray(scopes)) return void out.rejected.push(at(`${rPath}.${sKey}`, `expected an array, got ${describe(scopes)}`));
    scopes.forEach((ss: unknown, s) => {
      const sPath = `${rPath}.${sKey}[${s}]`;
      if (!isRecord(ss)) return void out.rejected.push(at(sPath, `expected a ScopeSpans object, got ${describe(ss)}`));
      const scopeValue = ss.scope ?? ss.instrumentationLibrary;
      const scope = readScope(scopeValue);
      const spans = ss.spans;
      if (spans === undefined || spans === null) return;
      if (!Array.isArray(spans)) return void out.rejected.push(at(`${sPath}.spans`, `expected an array of spans, got ${describe(spans)}`));
      for (let i = 0; i < spans.length; i++) {
        out.total++;
        if (out.total > maxSpans) {
          overLimit++;
          continue;
        }
        const path = `${sPath}.spans[${i}]`;
        const read = readSpan(spans[i], path, resourceAttributes.values, scope);
        if ("message" in read) out.rejected.push(at(read.path, read.message));
        else {
          out.spans.push(read.span);
          for (const p of read.problems) out.warnings.push({ ...at(p.path, p.message), traceId: read.span.traceId });
        }
      }
    });
  });
  if (overLimit > 0) {
    out.rejected.push(at("", `${overLimit} span${overLimit === 1 ? "" : "s"} over the limit of ${maxSpans} per request left out: send smaller batches (e.g. OTEL_BSP_MAX_EXPORT_BATCH_SIZE)`));
  }
  return out;
}

function readScope(value: unknown): OtelSpan["scope"] {
  if (!isRecord(value)) return { name: "" };
  const name = typeof value.name === "string" ? value.name : "";
  return typeof value.version === "string" && value.version !== "" ? { name, version: value.version } : { name };
}

/** A trace or span id: bytes (protobuf) or hex (JSON); all zeros is invalid per the specification. */
export function readId(value: unknown, bytes: number): string | null {
  let hex: string | null = null;
  if (value instanceof Uint8Array) hex = value.length === bytes ? Buffer.from(value).toString("hex") : null;
  else if (typeof value === "string" && value.length === bytes * 2 && HEX.test(value)) hex = value.toLowerCase();
  return hex !== null && /[1-9a-f]/.test(hex) ? hex : null;
}

function isEmptyId(value: unknown): boolean {
  // protobufjs leaves an unset bytes field at its prototype default, an empty array.
  return value === undefined || value === null || value === "" || ((value instanceof Uint8Array || Array.isArray(value)) && value.length === 0);
}

const SPAN_KINDS = ["SPAN_KIND_UNSPECIFIED", "SPAN_KIND_INTERNAL", "SPAN_KIND_SERVER", "SPAN_KIND_CLIENT", "SPAN_KIND_PRODUCER", "SPAN_KIND_CONSUMER"];
const STATUS_CODES = ["STATUS_CODE_UNSET", "STATUS_CODE_OK", "STATUS_CODE_ERROR"];

/** An enum as a number (proto3 JSON) or its name (also accepted by the JSON mapping). */
function readEnum(value: unknown, names: string[]): number | null {
  if (value === undefined || value === null) return 0;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < names.length) return value;
  if (typeof value === "string" && names.includes(value)) return names.indexOf(value);
  return null;
}

type SpanRead = { span: OtelSpan; problems: { path: string; message: string }[] } | { path: string; message: string };

function readSpan(value: unknown, path: string, resource: Record<string, JsonValue>, scope: OtelSpan["scope"]): SpanRead {
  if (!isRecord(value)) return { path, message: `expected a span object, got ${describe(value)}` };
  const traceId = readId(value.traceId ?? value.trace_id, 16);
  if (!traceId) return { path: `${path}.traceId`, message: `expected a trace id of 16 bytes (32 hexadecimal digits in JSON), not all zero; got ${describe(value.traceId ?? value.trace_id)}` };
  const spanId = readId(value.spanId ?? value.span_id, 8);
  if (!spanId) return { path: `${path}.spanId`, message: `expected a span id of 8 bytes (16 hexadecimal digits in JSON), not all zero; got ${describe(value.spanId ?? value.span_id)}` };
  const problems: { path: string; message: string }[] = [];
  const rawParent = value.parentSpanId ?? value.parent_span_id;
  let parentSpanId: string | null = null;
  if (!isEmptyId(rawParent)) {
    parentSpanId = readId(rawParent, 8);
    if (!parentSpanId) problems.push({ path: `${path}.parentSpanId`, message: `not a span id, read as no parent: ${describe(rawParent)}` });
  }
  const name = typeof value.name === "string" ? value.name : "";
  if (value.name !== undefined && typeof value.name !== "string") problems.push({ path: `${path}.name`, message: `expected a string, got ${describe(value.name)}` });
  let kind = readEnum(value.kind, SPAN_KINDS);
  if (kind === null) {
    problems.push({ path: `${path}.kind`, message: `expected a SpanKind (0-5), got ${describe(value.kind)}` });
    kind = 0;
  }
  const startNs = readTime(value.startTimeUnixNano ?? value.start_time_unix_nano, `${path}.startTimeUnixNano`, problems);
  const endNs = readTime(value.endTimeUnixNano ?? value.end_time_unix_nano, `${path}.endTimeUnixNano`, problems);
  const attributes = readKeyValues(value.attributes, `${path}.attributes`);
  problems.push(...attributes.problems);
  const status = readStatus(value.status, `${path}.status`, problems);
  const events = readEvents(value.events, `${path}.events`, problems);
  return { span: { traceId, spanId, parentSpanId, name, kind, startNs, endNs, attributes: attributes.values, status, events, resource, scope }, problems };
}

function readTime(value: unknown, path: string, problems: { path: string; message: string }[]): string {
  if (value === undefined || value === null) return "0";
  const text = readInt64(value);
  if (text === null || text.startsWith("-")) {
    problems.push({ path, message: `expected Unix nanoseconds (a decimal string or an integer), read as 0: got ${describe(value)}` });
    return "0";
  }
  return text;
}

function readStatus(value: unknown, path: string, problems: { path: string; message: string }[]): OtelSpan["status"] {
  if (value === undefined || value === null) return { code: 0 };
  if (!isRecord(value)) {
    problems.push({ path, message: `expected a Status object, got ${describe(value)}` });
    return { code: 0 };
  }
  let code = readEnum(value.code, STATUS_CODES);
  if (code === null) {
    problems.push({ path: `${path}.code`, message: `expected a StatusCode (0 unset, 1 ok, 2 error), got ${describe(value.code)}` });
    code = 0;
  }
  return typeof value.message === "string" && value.message !== "" ? { code, message: value.message } : { code };
}

function readEvents(value: unknown, path: string, problems: { path: string; message: string }[]): OtelSpan["events"] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push({ path, message: `expected an array of events, got ${describe(value)}` });
    return [];
  }
  const events: OtelSpan["events"] = [];
  value.forEach((event: unknown, i) => {
    if (!isRecord(event)) return void problems.push({ path: `${path}[${i}]`, message: `event left out: expected an object, got ${describe(event)}` });
    const attributes = readKeyValues(event.attributes, `${path}[${i}].attributes`);
    problems.push(...attributes.problems);
    const timeNs = readInt64(event.timeUnixNano ?? event.time_unix_nano ?? "0") ?? "0";
    events.push({ name: typeof event.name === "string" ? event.name : "", timeNs, attributes: attributes.values });
  });
  return events;
}
