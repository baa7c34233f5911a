import http from "node:http";
import { gzipSync } from "node:zlib";
import { otlpRequest, type SpanSpec } from "@/lib/transcripts/otlp/test-fixtures/build-request";
import { decodeStatus, decodeTraceResponse, encodeTraceRequest } from "@/lib/transcripts/otlp/protobuf";
import { genAiTrace, openInferenceTrace, paddedTrace } from "@/lib/transcripts/otlp/test-fixtures/traces";
import { adminToken, expect, test } from "../fixtures/api";

const KEPT = "6af7651916cd43dd8448eb211c80319c";
const protobuf = { "content-type": "application/x-protobuf" };

async function spansOf(request: import("@playwright/test").APIRequestContext, traceId: string): Promise<number> {
  const response = await request.get(`/api/otel/traces/${traceId}`);
  return response.ok() ? ((await response.json()) as { spans: unknown[] }).spans.length : 0;
}

test("bad OTLP requests get precise answers, and what was stored before is kept", async ({ request, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const first = await request.post("/v1/traces", { data: Buffer.from(encodeTraceRequest(otlpRequest(openInferenceTrace(KEPT)))), headers: protobuf });
  expect(first.status()).toBe(200);
  expect(decodeTraceResponse(await first.body())).toEqual({});
  expect(await spansOf(request, KEPT)).toBe(4);

  // Not OTLP, in both encodings, gzip that is not gzip, another content type.
  const notOtlp = await request.post("/api/otel/v1/traces", { data: '{"messages": []}', headers: { "content-type": "application/json" } });
  expect(notOtlp.status()).toBe(400);
  expect(await notOtlp.json()).toEqual({ code: 3, message: "not an OTLP trace export request: resourceSpans: expected a `resourceSpans` array (an OTLP ExportTraceServiceRequest); found `messages`" });
  const garbage = await request.post("/v1/traces", { data: Buffer.from("this is not protobuf at all"), headers: protobuf });
  expect(garbage.status()).toBe(400);
  expect(decodeStatus(await garbage.body()).message).toMatch(/^the body is not a protobuf ExportTraceServiceRequest: /);
  const badGzip = await request.post("/v1/traces", { data: Buffer.from([0x1f, 0x8b, 0, 1]), headers: { ...protobuf, "content-encoding": "gzip" } });
  expect(badGzip.status()).toBe(400);
  const text = await request.post("/v1/traces", { data: "hello", headers: { "content-type": "text/plain" } });
  expect(text.status()).toBe(415);

  // 100,000 spans in one (gzipped) request: the first 10,000 (CALLBOARD_OTLP_MAX_SPANS in playwright.config.ts) are kept.
  const many: SpanSpec[] = Array.from({ length: 100_000 }, (_, i) => ({ traceId: `7af7651916cd43dd8448eb21${(1e7 + Math.floor(i / 10)).toString(16).padStart(8, "0")}`, spanId: (0x1000000 + i).toString(16).padStart(16, "0"), name: "step", start: 1_700_000_000_000_000_000 + i }));
  const bulk = await request.post("/v1/traces", { data: gzipSync(Buffer.from(encodeTraceRequest(otlpRequest(many)))), headers: { ...protobuf, "content-encoding": "gzip" } });
  expect(bulk.status()).toBe(200);
  const partial = decodeTraceResponse(await bulk.body()).partialSuccess;
  expect(partial?.rejectedSpans).toBe("90000");
  expect(partial?.errorMessage).toContain("90000 spans over the limit of 10000 per request left out: send smaller batches");
  expect(partial?.errorMessage).toMatch(/1000 traces have no LLM span yet/);

  // Attributes of the wrong type are left out with a warning; a trace with no LLM span is named.
  const odd = otlpRequest(genAiTrace("8af7651916cd43dd8448eb211c80319c"));
  odd.resourceSpans[0].scopeSpans[0].spans[1].attributes.push({ key: "gen_ai.usage.input_tokens", value: { intValue: "many" } } as never);
  const warned = await request.post("/v1/traces", { data: JSON.stringify(odd), headers: { "content-type": "application/json" } });
  expect(warned.status()).toBe(200);
  expect(((await warned.json()) as { partialSuccess: { rejectedSpans: string; errorMessage: string } }).partialSuccess).toEqual({
    rejectedSpans: "0",
    errorMessage: expect.stringContaining("attribute `gen_ai.usage.input_tokens` left out: expected a 64-bit integer"),
  });

  // Without a token: 401 as an OTLP Status.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const refused = await anonymous.post("/v1/traces", { data: Buffer.from(encodeTraceRequest(otlpRequest(openInferenceTrace()))), headers: protobuf });
  expect(refused.status()).toBe(401);
  expect(decodeStatus(await refused.body()).code).toBe(16);
  await anonymous.dispose();

  expect(await spansOf(request, KEPT)).toBe(4);
});

test("an OTLP JSON file uploads through /api/transcripts like any transcript file", async ({ request }) => {
  const [root, llm1, tool, llm2] = openInferenceTrace("9bf7651916cd43dd8448eb211c80319c").map((s) => ({ ...s, attributes: { ...s.attributes, "llm.input_messages.1.message.content": "File trace: weather in Lima?" } }));
  const lines = [otlpRequest([llm1, tool]), otlpRequest([llm2, root]), otlpRequest([{ ...root, traceId: "9cf7651916cd43dd8448eb211c80319c" }])].map((r) => JSON.stringify(r)).join("\n");
  const response = await request.post("/api/transcripts?file=otel-export.jsonl", { data: lines });
  expect(response.status()).toBe(201);
  const report = await response.json();
  expect(report.counts).toMatchObject({ imported: 1, rejected: 1 });
  expect(report.imported[0]).toMatchObject({ name: "File trace: weather in Lima?", line: 1 });
  expect(report.rejected[0]).toMatchObject({ file: "otel-export.jsonl", line: 3, code: "no_llm_span" });
});

const MB = 1024 * 1024;
const OTLP_PATHS = ["/v1/traces", "/api/otel/v1/traces"];

// proxy.ts ran on /v1/traces, and Next cuts what the proxy runs on at 10 MB without an error: the
// spans past the cut were lost (or the request got 400 "index out of range"), on that path only.
test("an export over 10 MB reaches both OTLP paths whole", async ({ request }) => {
  test.setTimeout(120_000);
  for (const [i, path] of OTLP_PATHS.entries()) {
    const traceId = `d${i}f7651916cd43dd8448eb211c80319c`;
    const body = Buffer.from(encodeTraceRequest(otlpRequest(paddedTrace(traceId, 2_000, 5_500))));
    expect(body.byteLength).toBeGreaterThan(10.5 * MB);
    const response = await request.post(path, { data: body, headers: protobuf });
    expect(response.status(), path).toBe(200);
    expect(Number(decodeTraceResponse(await response.body()).partialSuccess?.rejectedSpans ?? 0), path).toBe(0);
    expect(await spansOf(request, traceId), path).toBe(2_000);
  }
});

/**
 * Zero bytes sent to `path` in chunks (no Content-Length) until the server answers, or up to `max`
 * bytes; the body is never ended, so only a server that answers before reading all of it answers
 * at all (the proxy waited for the whole body before the route ran: such a test times out).
 */
function zerosUntilAnswered(baseURL: string, path: string, headers: Record<string, string>, max: number): Promise<{ status: number; body: Buffer; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(MB);
    let sent = 0;
    let answered = false;
    const req = http.request(new URL(path, baseURL), { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts), sent });
      });
    });
    // Once answered, the server may close the connection on a body it did not read: not a failure.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < max) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
    };
    req.flushHeaders();
    write();
  });
}

test("past CALLBOARD_OTLP_MAX_REQUEST_MB both paths answer 413, and a request without a token 401, before the body ends", async ({ baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  for (const path of OTLP_PATHS) {
    const tooLarge = await zerosUntilAnswered(base, path, { ...protobuf, authorization: `Bearer ${adminToken()}` }, 200 * MB);
    expect(tooLarge.status, path).toBe(413);
    expect(decodeStatus(tooLarge.body), path).toEqual({ code: 8, message: "the request is larger than the limit of 64 MB: send smaller batches" });

    const anonymous = await zerosUntilAnswered(base, path, protobuf, 200 * MB);
    expect(anonymous.status, path).toBe(401);
    expect(decodeStatus(anonymous.body).code, path).toBe(16);
  }
});

test("protobuf that does not decode completely gets 400 and a google.rpc.Status on both paths", async ({ request }) => {
  // 2^62 as a length prefix; 63 MB of zero bytes (field number 0).
  const bodies = [Buffer.from([0x0a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x12, 0x00]), Buffer.alloc(63 * MB)];
  for (const path of OTLP_PATHS) {
    for (const data of bodies) {
      const response = await request.post(path, { data, headers: protobuf });
      expect(response.status(), path).toBe(400);
      expect(response.headers()["content-type"]).toBe("application/x-protobuf");
      expect(decodeStatus(await response.body()), path).toEqual({ code: 3, message: expect.stringMatching(/^the body is not a protobuf ExportTraceServiceRequest: (invalid length encoding|field number 0 at offset 0)$/) });
    }
  }
});
