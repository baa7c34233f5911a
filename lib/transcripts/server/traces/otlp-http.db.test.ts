import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { otlpRequest } from "@/lib/transcripts/otlp/test-fixtures/build-request";
import { decodeStatus, decodeTraceResponse, encodeTraceRequest } from "@/lib/transcripts/otlp/protobuf";
import { openInferenceTrace } from "@/lib/transcripts/otlp/test-fixtures/traces";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { handleOtlpTraces, otlpRefusal } from "./otlp-http";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("otlp-http");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

const post = (body: Uint8Array | string, headers: Record<string, string>) => new Request("http://localhost/v1/traces", { method: "POST", body: typeof body === "string" ? body : Buffer.from(body), headers });
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("handleOtlpTraces", () => {
  it("takes gzipped protobuf and answers an empty ExportTraceServiceResponse", async () => {
    const body = gzipSync(encodeTraceRequest(otlpRequest(openInferenceTrace())));
    const response = await handleOtlpTraces(post(body, { "content-type": "application/x-protobuf", "content-encoding": "gzip" }), prisma);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-protobuf");
    expect(decodeTraceResponse(await bytes(response))).toEqual({});
    expect(await prisma.traceSpan.count()).toBe(4);
  });

  it("answers JSON with a partial success in the proto3 JSON mapping", async () => {
    const request = otlpRequest(openInferenceTrace());
    request.resourceSpans[0].scopeSpans[0].spans[0].traceId = "abc";
    const response = await handleOtlpTraces(post(JSON.stringify(request), { "content-type": "application/json; charset=utf-8" }), prisma);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partialSuccess: { rejectedSpans: "1", errorMessage: expect.stringContaining("resourceSpans[0].scopeSpans[0].spans[0].traceId: expected a trace id") } });
  });

  it("refuses other content types, broken gzip, and bodies that expand past the limit", async () => {
    const wrongType = await handleOtlpTraces(post("hello", { "content-type": "text/plain" }), prisma);
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({ code: 3, message: "content type text/plain is not supported: send application/x-protobuf or application/json (OTLP/HTTP)" });

    const badGzip = await handleOtlpTraces(post(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), { "content-type": "application/x-protobuf", "content-encoding": "gzip" }), prisma);
    expect(badGzip.status).toBe(400);
    expect(decodeStatus(await bytes(badGzip)).message).toMatch(/^the body is not valid gzip: /);

    const brotli = await handleOtlpTraces(post("x", { "content-type": "application/json", "content-encoding": "br" }), prisma);
    expect(brotli.status).toBe(415);

    // 65 MB of zeros gzip to about 64 KB: over the default 64 MB once expanded.
    const bomb = gzipSync(Buffer.alloc(65 * 1024 * 1024));
    const tooLarge = await handleOtlpTraces(post(bomb, { "content-type": "application/x-protobuf", "content-encoding": "gzip" }), prisma);
    expect(tooLarge.status).toBe(413);
    expect(decodeStatus(await bytes(tooLarge))).toEqual({ code: 8, message: "the request is larger than the limit of 64 MB: send smaller batches" });
    expect(await prisma.traceSpan.count()).toBe(0);
  });

  it("re-encodes a refusal as an OTLP Status for protobuf exporters", async () => {
    const refusal = Response.json({ error: "That API token is unknown or revoked." }, { status: 401, headers: { "www-authenticate": 'Bearer realm="callboard"' } });
    const response = await otlpRefusal(post("", { "content-type": "application/x-protobuf" }), refusal);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="callboard"');
    expect(decodeStatus(await bytes(response))).toEqual({ code: 16, message: "That API token is unknown or revoked." });
  });
});
