import { describe, expect, it } from "vitest";
import { otlpRequest } from "./test-fixtures/build-request";
import { decodeTraceSpans } from "./decode-protobuf";
import { decodeStatus, decodeTraceRequest, decodeTraceResponse, encodeStatus, encodeTraceRequest, encodeTraceResponse } from "./protobuf";
import { readTraceRequest } from "./read-request";
import { genAiTrace, openInferenceTrace, TRACE } from "./test-fixtures/traces";

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

  // Each of these read as an empty request (and answered 200) before: zero keys were skipped as
  // varints, and lengths were cut to 32 bits and never compared with the message holding them.
  it("refuses bytes that do not decode completely: field number 0, lengths past their message, trailing bytes", () => {
    const valid = encodeTraceRequest(request());
    const refused = (bytes: number[] | Uint8Array, why: RegExp) => expect(decodeTraceSpans(Uint8Array.from(bytes))).toEqual({ ok: false, message: expect.stringMatching(why) });
    refused(new Uint8Array(1024), /^field number 0 at offset 0/);
    refused([0x0a, ...varint(2n ** 62n), 0x12, 0x00], /invalid length encoding/);
    refused([0x0a, ...varint(2n ** 30n), 0x12, 0x00], /^a length of 1073741824 at offset 1 runs past the end of its message/);
    // resourceSpans of 2 bytes, whose scopeSpans claims the 2 bytes after it (an empty scope).
    refused([0x0a, 0x02, 0x12, 0x02, 0x0a, 0x00], /^a length of 2 at offset 3 runs past the end of its message \(offset 4\)/);
    // A span whose name (16 bytes) runs past the span (4 bytes) into what follows it.
    refused([0x0a, 0x16, 0x12, 0x14, 0x12, 0x04, 0x2a, 0x10, ...new Array<number>(16).fill(0x41)], /^a field runs past the end of its message \(offset 10\) to offset 24/);
    refused([...valid, 0, 0], new RegExp(`^field number 0 at offset ${valid.length}`));
    refused([...valid, 0x0a, 0x05, 0x01], /index out of range|runs past the end/);
    // A varint of 11 bytes in an unknown field.
    refused([0xf8, 0x06, ...new Array<number>(10).fill(0x80), 0x01], /invalid varint encoding/);
  });

  it("still skips unknown fields, and known ones with another wire type, as protobuf requires", () => {
    const valid = encodeTraceRequest(request());
    const expected = decodeTraceSpans(valid);
    // Field 99 as a varint, field 100 as fixed32, field 101 as bytes, then field 1 as a varint (a wire type resourceSpans never has).
    const extra = [0x98, 0x06, 0x96, 0x01, 0xa5, 0x06, 1, 2, 3, 4, 0xaa, 0x06, 0x02, 0x61, 0x62, 0x08, 0x07];
    expect(decodeTraceSpans(Uint8Array.from([...extra, ...valid, ...extra]))).toEqual(expected);
    expect(expected).toMatchObject({ ok: true, read: { total: 4, rejected: [] } });
  });
});

/** A protobuf varint (base 128, least significant group first). */
function varint(value: bigint): number[] {
  const out: number[] = [];
  for (; value >= 0x80n; value >>= 7n) out.push(Number(value & 0x7fn) | 0x80);
  out.push(Number(value));
  return out;
}

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
