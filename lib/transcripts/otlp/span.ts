import type { JsonValue } from "../types";

/**
 * One span as Callboard keeps it: the OTLP span with its ids in lowercase hex, times as decimal
 * strings of Unix nanoseconds (they exceed 2^53), attributes as a flat map of plain values, and its
 * resource's attributes and scope beside it, so that a stored span can be read on its own.
 * JSON OTLP and protobuf OTLP requests, OTLP JSON files and Phoenix span exports all become this.
 */
export interface OtelSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP SpanKind: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startNs: string;
  endNs: string;
  attributes: Record<string, JsonValue>;
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  events: { name: string; timeNs: string; attributes: Record<string, JsonValue> }[];
  resource: Record<string, JsonValue>;
  scope: { name: string; version?: string };
}

export const STATUS_ERROR = 2;

/** Where a span came from in its request or file, for errors and warnings. */
export interface SpanLocation {
  /** JSON path in the request or item, e.g. `resourceSpans[0].scopeSpans[1].spans[3]`. */
  path: string;
  /** 1-based line of the item in a file (JSON Lines). */
  line?: number;
}

/** A span that could not be kept, with the reason. */
export interface SpanProblem extends SpanLocation {
  message: string;
  /** The trace of the span a warning is about, when it is about one span. */
  traceId?: string;
}

export interface DecodedSpans {
  spans: OtelSpan[];
  /** Spans left out, each with where and why. */
  rejected: SpanProblem[];
  /** Spans kept with something left out (an attribute of an unknown kind, an event). */
  warnings: SpanProblem[];
}

export function compareNs(a: string, b: string): number {
  // Same-length decimal strings compare as numbers; shorter means smaller (no leading zeros).
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
