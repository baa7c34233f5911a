import { describe, expect, it } from "vitest";
import { otlpRequest } from "./build-request";
import { decodeTraceSpans } from "./decode-protobuf";
import { decodeStatus, decodeTraceRequest, decodeTraceResponse, encodeStatus, encodeTraceRequest, encodeTraceResponse } from "./protobuf";
import { readTraceRequest } from "./read-request";
import { genAiTrace, openInferenceTrace, TRACE } from "./test-traces";

const request = () => otlpRequest(openInferenceTrace());

describe("readTraceRequest", () => {
  it("reads JSON and protobuf requests into the same spans", () => {
    const fromJson = readTraceRequest(request());
    const decoded = decodeTraceRequest(encodeTraceRequest(request()));
    if (!decoded.ok) throw new Error(decoded.message);
    const fromProtobuf = readTraceRequest(decoded.message);
    expect(fromJson).toMatchObject({ total: 4, rejected: [], warnings: [] });
    expect(fromProtobuf).toEqual(fromJson);
    expect(fromJson.spans[1]).toMatchObject({ traceId: TRACE, spanId: "a000000000000002", parentSpanId: "a000000000000001", resource: { "service.name": "test-agent" }, scope: { name: "callboard-test" } });
    expect(fromJson.spans[0].startNs).toBe("1700000000000000000");
  });

  it("reads every AnyValue kind of the proto3 JSON mapping", () => {
    const body = request();
    body.resourceSpans[0].scopeSpans[0].spans[0].attributes = [
      { key: "i", value: { intValue: "9007199254740993" } },
      { key: "n", value: { intValue: 7 } },
      { key: "d", value: { doubleValue: "NaN" } },
      { key: "b", value: { bytesValue: "AQI=" } },
      { key: "l", value: { arrayValue: { values: [{ boolValue: true }, {}] } } },
      { key: "k", value: { kvlistValue: { values: [{ key: "x", value: { stringValue: "y" } }] } } },
    ] as never;
    expect(readTraceRequest(body).spans[0].attributes).toEqual({ i: "9007199254740993", n: 7, d: "NaN", b: "AQI=", l: [true, null], k: { x: "y" } });
  });

  it("keeps a span whose attributes have the wrong type, leaving them out with their path", () => {
    const body = request();
    body.resourceSpans[0].scopeSpans[0].spans[1].attributes.push({ key: "bad", value: { intValue: "twelve" } } as never, { key: "odd", value: { stringValue: 5 } } as never, { key: "new", value: { mapValue: {} } } as never);
    const read = readTraceRequest(body);
    expect(read.spans).toHaveLength(4);
    const path = "resourceSpans[0].scopeSpans[0].spans[1].attributes";
    expect(read.warnings).toEqual([
      { path: expect.stringMatching(new RegExp(`^${path.replace(/[[\].]/g, "\\$&")}\\[\\d+\\]\\.value\\.intValue$`)), message: 'attribute `bad` left out: expected a 64-bit integer (a decimal string or an integer), got a string ("twelve")', traceId: TRACE },
      { path: expect.stringContaining(".value.stringValue"), message: "attribute `odd` left out: expected a string, got a number (5)", traceId: TRACE },
      { path: expect.stringContaining(".value"), message: "attribute `new` left out: expected one of stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue; found `mapValue`", traceId: TRACE },
    ]);
  });

  it("rejects spans without valid ids, and says where", () => {
    const body = request();
    body.resourceSpans[0].scopeSpans[0].spans[2].traceId = "00000000000000000000000000000000";
    body.resourceSpans[0].scopeSpans[0].spans[3].spanId = "xyz";
    const read = readTraceRequest(body, { line: 4 });
    expect(read.spans).toHaveLength(2);
    expect(read.rejected).toEqual([
      { line: 4, path: "resourceSpans[0].scopeSpans[0].spans[2].traceId", message: expect.stringContaining("not all zero; got a string") },
      { line: 4, path: "resourceSpans[0].scopeSpans[0].spans[3].spanId", message: expect.stringContaining('16 hexadecimal digits in JSON), not all zero; got a string ("xyz")') },
    ]);
  });

  it("rejects what is not an export request", () => {
    expect(readTraceRequest({ messages: [] }).rejected).toEqual([{ path: "resourceSpans", message: "expected a `resourceSpans` array (an OTLP ExportTraceServiceRequest); found `messages`" }]);
    expect(readTraceRequest([1]).rejected[0].message).toBe("expected an ExportTraceServiceRequest object with `resourceSpans`, got an array");
  });

  it("counts spans over the limit as rejected without reading them", () => {
    const read = readTraceRequest(request(), { maxSpans: 3 });
    expect(read).toMatchObject({ total: 4, spans: { length: 3 } });
    expect(read.rejected).toEqual([{ path: "", message: "1 span over the limit of 3 per request left out: send smaller batches (e.g. OTEL_BSP_MAX_EXPORT_BATCH_SIZE)" }]);
  });
});

describe("decodeTraceSpans", () => {
  it("reads protobuf straight into the spans, problems and paths that readTraceRequest gives for the decoded message", () => {
    const body = otlpRequest([...openInferenceTrace(), ...genAiTrace()]);
    const spans = body.resourceSpans[0].scopeSpans[0].spans;
    spans[0].attributes.push({ key: "list", value: { arrayValue: { values: [{ intValue: "-5" }, { doubleValue: 0.5 }, { kvlistValue: { values: [{ key: "b", value: { bytesValue: "AQI=" } }] } }] } } } as never);
    spans[1].parentSpanId = "0000000000000000";
    spans[2].spanId = "0000000000000000";
    spans[3].events = [{ name: "exception", timeUnixNano: "1700000000000000123", attributes: [{ key: "exception.message", value: { stringValue: "boom" } }] }] as never;
    const bytes = encodeTraceRequest(body);
    const decoded = decodeTraceRequest(bytes);
    if (!decoded.ok) throw new Error(decoded.message);
    const direct = decodeTraceSpans(bytes, { maxSpans: 6 });
    expect(direct).toEqual({ ok: true, read: readTraceRequest(decoded.message, { maxSpans: 6 }) });
    expect(direct.ok && direct.read.rejected.map((p) => p.path)).toEqual(["resourceSpans[0].scopeSpans[0].spans[2].spanId", ""]);
    expect(direct.ok && direct.read.spans[0].attributes.list).toEqual([-5, 0.5, { b: "AQI=" }]);
  });

  it("says why bytes are not protobuf", () => {
    expect(decodeTraceSpans(new TextEncoder().encode("this is not protobuf at all"))).toEqual({ ok: false, message: expect.stringMatching(/index out of range|invalid wire type/) });
  });
});

describe("protobuf", () => {
  it("says why bytes are not an export request", () => {
    const decoded = decodeTraceRequest(new TextEncoder().encode('{"resourceSpans": []}'));
    expect(decoded).toEqual({ ok: false, message: expect.stringMatching(/index out of range|invalid wire type/) });
  });

  it("answers partial success and errors as the specification's messages", () => {
    expect(encodeTraceResponse(null)).toHaveLength(0);
    expect(decodeTraceResponse(encodeTraceResponse({ rejectedSpans: 3, errorMessage: "bad ids" }))).toEqual({ partialSuccess: { rejectedSpans: "3", errorMessage: "bad ids" } });
    expect(decodeStatus(encodeStatus(3, "not OTLP"))).toEqual({ code: 3, message: "not OTLP" });
  });
});
