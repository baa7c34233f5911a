import protobuf from "protobufjs/light.js";
import descriptor from "./proto/descriptor.json" with { type: "json" };

/**
 * The OTLP trace messages, from the vendored official definitions (proto/README.md), through
 * protobufjs's reflection (its light build: descriptor JSON in, no .proto parser).
 */
const root = protobuf.Root.fromJSON(descriptor as protobuf.INamespace);
const REQUEST = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");
const RESPONSE = root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse");
const STATUS = root.lookupType("google.rpc.Status");

export type DecodedRequest = { ok: true; message: unknown } | { ok: false; message: string };

/** Decodes a protobuf ExportTraceServiceRequest; bytes that are not one give the decoder's reason. */
export function decodeTraceRequest(bytes: Uint8Array): DecodedRequest {
  try {
    return { ok: true, message: REQUEST.decode(bytes) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export interface PartialSuccess {
  rejectedSpans: number;
  errorMessage: string;
}

/** ExportTraceServiceResponse; partial_success only when something was rejected or said, per the specification. */
export function encodeTraceResponse(partial: PartialSuccess | null): Uint8Array {
  const message = partial ? { partialSuccess: { rejectedSpans: partial.rejectedSpans, errorMessage: partial.errorMessage } } : {};
  return RESPONSE.encode(RESPONSE.fromObject(message)).finish();
}

/** google.rpc.Status, the body of an OTLP/HTTP error answer. */
export function encodeStatus(code: number, message: string): Uint8Array {
  return STATUS.encode(STATUS.fromObject({ code, message })).finish();
}

/** proto3 JSON of an ExportTraceServiceRequest (hex ids) as protobuf bytes: for tests and the benchmark. */
export function encodeTraceRequest(json: unknown): Uint8Array {
  return REQUEST.encode(REQUEST.fromObject(withByteIds(json) as Record<string, unknown>)).finish();
}

/** The proto3 JSON mapping of OTLP writes ids as hex, protobufjs's fromObject expects base64 bytes. */
function withByteIds(value: unknown, key = ""): unknown {
  if (typeof value === "string" && (key === "traceId" || key === "spanId" || key === "parentSpanId")) return Buffer.from(value, "hex");
  if (Array.isArray(value)) return value.map((v) => withByteIds(v));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withByteIds(v, k)]));
  return value;
}

/** The response bytes read back, for tests. */
export function decodeTraceResponse(bytes: Uint8Array): { partialSuccess?: { rejectedSpans?: string | number; errorMessage?: string } } {
  return RESPONSE.toObject(RESPONSE.decode(bytes), { longs: String, defaults: false }) as { partialSuccess?: { rejectedSpans?: string; errorMessage?: string } };
}

export function decodeStatus(bytes: Uint8Array): { code?: number; message?: string } {
  return STATUS.toObject(STATUS.decode(bytes)) as { code?: number; message?: string };
}
