import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";
import { otlpRequest } from "@/lib/transcripts/otlp/test-fixtures/build-request";
import { decodeStatus, decodeTraceResponse, encodeTraceRequest } from "@/lib/transcripts/otlp/protobuf";
import { openInferenceTrace, paddedTrace } from "@/lib/transcripts/otlp/test-fixtures/traces";

/*
 * The two OTLP routes as an exporter meets them, on a real test database: the limits of the
 * README on both paths, the token checked before a byte of the body is read, and protobuf that
 * does not decode completely refused. (That the proxy does not run on /v1/traces, where Next
 * cut bodies at 10 MB, is lib/accounts/proxy-matcher.test.ts and e2e/api/otel.spec.ts.)
 */

const state = vi.hoisted(() => ({ ctx: undefined as AccountsTestContext | undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const root = await import("@/app/v1/traces/route");
const otel = await import("@/app/api/otel/v1/traces/route");
const { createApiToken } = await import("@/lib/accounts/server/manage-api-tokens");
const { createAccountsTestContext } = await import("@/lib/accounts/server/test-fixtures/accounts");

const ROUTES = { "/v1/traces": root.POST, "/api/otel/v1/traces": otel.POST };
const MB = 1024 * 1024;
/** CALLBOARD_OTLP_MAX_REQUEST_MB's default, the README's promise. */
const LIMIT = 64 * MB;
const PROTOBUF = { "content-type": "application/x-protobuf" };

let ctx: AccountsTestContext;
let token: string;
beforeAll(async () => {
  ctx = await createAccountsTestContext("otlp-routes");
  state.ctx = ctx;
  token = (await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "exporter" })).token;
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.prisma.traceSpan.deleteMany();
  await ctx.prisma.traceGroup.deleteMany();
});

function post(path: string, body: BodyInit, headers: Record<string, string>, auth = true): Request {
  return new Request(`http://localhost${path}`, { method: "POST", body, duplex: "half", headers: { ...headers, ...(auth ? { authorization: `Bearer ${token}` } : {}) } } as RequestInit);
}

/** `total` zero bytes, handed over a megabyte at a time only when the route reads: `read()` says how far it got. */
function zeros(total: number): { body: ReadableStream<Uint8Array>; read: () => number } {
  const chunk = new Uint8Array(MB);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const n = Math.min(MB, total - sent);
        sent += n;
        controller.enqueue(chunk.subarray(0, n));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, read: () => sent };
}

const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** Made once for both routes: encoding 10 MB of spans and compressing 64 MB take seconds on a busy machine. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const tenMegabyteExport = once(() => encodeTraceRequest(otlpRequest(paddedTrace("3af7651916cd43dd8448eb211c80319c", 2_000, 5_500))));
const gzipBomb = once(() => gzipSync(Buffer.alloc(LIMIT + 1), { level: 1 }));

describe.each(Object.entries(ROUTES))("POST %s", (path, route) => {
  it("keeps every span of a request over 10 MB", async () => {
    const body = tenMegabyteExport();
    expect(body.byteLength).toBeGreaterThan(10.5 * MB);
    const response = await route(post(path, Buffer.from(body), PROTOBUF));
    expect(response.status).toBe(200);
    expect(Number(decodeTraceResponse(await bytes(response)).partialSuccess?.rejectedSpans ?? 0)).toBe(0);
    expect(await ctx.prisma.traceSpan.count()).toBe(2_000);
  });

  it("answers 413 past CALLBOARD_OTLP_MAX_REQUEST_MB, reading no further than the limit", async () => {
    const streamed = zeros(200 * MB);
    const response = await route(post(path, streamed.body, PROTOBUF));
    expect(response.status).toBe(413);
    expect(decodeStatus(await bytes(response))).toEqual({ code: 8, message: "the request is larger than the limit of 64 MB: send smaller batches" });
    expect(streamed.read()).toBeLessThanOrEqual(LIMIT + MB);

    // Declared too large: refused before reading.
    const declared = zeros(200 * MB);
    const refused = await route(post(path, declared.body, { ...PROTOBUF, "content-length": String(200 * MB) }));
    expect(refused.status).toBe(413);
    expect(declared.read()).toBe(0);

    // Small on the wire, past the limit once unzipped.
    const bomb = await route(post(path, gzipBomb(), { ...PROTOBUF, "content-encoding": "gzip" }));
    expect(bomb.status).toBe(413);
    expect(await ctx.prisma.traceSpan.count()).toBe(0);
  });

  it("refuses a request without a valid token before reading its body", async () => {
    for (const auth of [{}, { authorization: "Bearer cb_not_a_token" }] as Record<string, string>[]) {
      const streamed = zeros(200 * MB);
      const response = await route(post(path, streamed.body, { ...PROTOBUF, ...auth }, false));
      expect(response.status).toBe(401);
      expect(decodeStatus(await bytes(response)).code).toBe(16);
      expect(streamed.read()).toBe(0);
    }
  });

  it("refuses a body shorter than its Content-Length, even where the cut leaves a valid request", async () => {
    // Two resourceSpans (protobuf concatenation appends to the repeated field), cut between them.
    const first = encodeTraceRequest(otlpRequest(openInferenceTrace("4af7651916cd43dd8448eb211c80319c")));
    const second = encodeTraceRequest(otlpRequest(openInferenceTrace("5af7651916cd43dd8448eb211c80319c")));
    const response = await route(post(path, Buffer.from(first), { ...PROTOBUF, "content-length": String(first.byteLength + second.byteLength) }));
    expect(response.status).toBe(400);
    expect(decodeStatus(await bytes(response))).toEqual({ code: 3, message: `the body has ${first.byteLength} bytes where its Content-Length says ${first.byteLength + second.byteLength}: it was cut on the way, and nothing of it was stored` });
    expect(await ctx.prisma.traceSpan.count()).toBe(0);
  });

  it("refuses protobuf that does not decode completely with 400 and a google.rpc.Status", async () => {
    const valid = encodeTraceRequest(otlpRequest(openInferenceTrace()));
    // 2^62 as a length prefix; 63 MB of zero bytes (field number 0), streamed as an exporter sends
    // it rather than allocated and copied whole; a valid request with zero bytes after it.
    const bodies = [() => Buffer.from([0x0a, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x12, 0x00]), () => zeros(63 * MB).body, () => Buffer.from([...valid, 0, 0])];
    for (const body of bodies) {
      const response = await route(post(path, body(), PROTOBUF));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/x-protobuf");
      expect(decodeStatus(await bytes(response))).toEqual({ code: 3, message: expect.stringMatching(/^the body is not a protobuf ExportTraceServiceRequest: (invalid length encoding|field number 0 at offset \d+)/) });
    }
    expect(await ctx.prisma.traceSpan.count()).toBe(0);
  });
});
