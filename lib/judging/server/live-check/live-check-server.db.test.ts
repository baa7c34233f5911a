import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";
import type { AnsweredCheck } from "./on-answered";
import type { SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";

/*
 * The live-check server (what production serves /api/v1/evals/reward and /binary with, in front
 * of Next) against the route handlers it stands in for: the same status, body and headers for
 * every kind of request, and everything it does not answer left to Next.
 */

const state = vi.hoisted(() => ({ ctx: undefined as AccountsTestContext | undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const reward = await import("@/app/api/v1/evals/reward/route");
const binary = await import("@/app/api/v1/evals/binary/route");
const { liveCheckListener } = await import("./install-live-checks");
const { createApiToken } = await import("@/lib/accounts/server/manage-api-tokens");
const { createAccountsTestContext } = await import("@/lib/accounts/server/test-fixtures/accounts");

const NEXT_STATUS = 299;
const answered: { check: AnsweredCheck; reply: SerializedReply }[] = [];
let ctx: AccountsTestContext;
let server: http.Server;
let base: string;

beforeAll(async () => {
  ctx = await createAccountsTestContext("live-check");
  state.ctx = ctx;
  const listener = liveCheckListener((check, reply) => void answered.push({ check, reply }));
  // What is not a live check goes on to "Next": here, a marker status.
  server = http.createServer((request, response) => {
    if (listener(request, response)) return;
    request.resume();
    response.statusCode = NEXT_STATUS;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.cleanup();
});
beforeEach(async () => {
  await ctx.reset();
  answered.length = 0;
  vi.stubEnv("CALLBOARD_API_KEY", "");
  vi.stubEnv("CALLBOARD_API_JUDGE", "");
});
afterEach(() => vi.unstubAllEnvs());

const tools = [{ type: "function", function: { name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
const user = { role: "user", content: "What's the weather in Paris?" };
const call = (name = "get_weather") => ({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name, arguments: '{"city":"Paris"}' } }] });
const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const PASSES = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";
const sdkBody = (messages: unknown[], criterion: string) => JSON.stringify({ messages, system_message: null, tools, evaluation_criteria: criterion, model_core: null });

type Endpoint = "reward" | "binary";
const ROUTES = { reward: reward.POST, binary: binary.POST };

/** Status, JSON body and the headers that matter, from the live-check server and from the route handler. */
async function both(endpoint: Endpoint, body: string, headers: Record<string, string>) {
  const init = { method: "POST", body, headers: { "content-type": "application/json", ...headers } };
  const live = await fetch(`${base}/api/v1/evals/${endpoint}`, init);
  const route = await ROUTES[endpoint](new Request(`http://localhost/api/v1/evals/${endpoint}`, init));
  const read = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as unknown,
    headers: Object.fromEntries(["content-type", "cache-control", "www-authenticate", "retry-after"].map((name) => [name, response.headers.get(name)])),
  });
  return { live: await read(live), route: await read(route), liveHeaders: live.headers };
}

describe("the live-check server", () => {
  it("answers as the route handler does, for good bodies and bad ones, with the security headers", async () => {
    const { token } = await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "live" });
    const cases: [Endpoint, string][] = [
      ["reward", sdkBody([user, call()], REWARD)],
      ["reward", sdkBody([user, call("get_forecast")], PASSES)],
      ["binary", sdkBody([user, call()], PASSES)],
      ["binary", sdkBody([user, call()], REWARD)],
      ["reward", sdkBody([user], REWARD)],
      ["reward", JSON.stringify({ messages: "hello", evaluation_criteria: REWARD })],
      ["reward", '{"messages": [}'],
      ["reward", ""],
      ["reward", `${sdkBody([user, call()], REWARD)}\n${sdkBody([user, call()], REWARD)}`],
    ];
    for (const [endpoint, body] of cases) {
      const { live, route, liveHeaders } = await both(endpoint, body, { "api-key": token });
      expect(live, `${endpoint} ${body.slice(0, 60)}`).toEqual(route);
      expect(liveHeaders.get("x-frame-options")).toBe("DENY");
      expect(liveHeaders.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    expect(answered.map(({ check }) => check.endpoint)).toEqual(cases.map(([endpoint]) => endpoint));
  });

  it("refuses as the route does: an unknown token, a viewer's, a wrong shared key, a body past the limit", async () => {
    const { token } = await createApiToken(ctx.prisma, await ctx.member("viewer"), { name: "viewer" });
    const body = sdkBody([user, call()], REWARD);
    const refused: Record<string, string>[] = [{ "api-key": "cb_unknown" }, { authorization: "Bearer cb_unknown" }, { "api-key": token }];
    for (const headers of refused) {
      const { live, route } = await both("reward", body, headers);
      expect(live).toEqual(route);
      expect(live.status).toBeGreaterThanOrEqual(401);
    }
    vi.stubEnv("CALLBOARD_API_KEY", "shared-secret");
    const wrongKey = await both("reward", body, { "api-key": "guess:cb_x" });
    expect(wrongKey.live).toEqual(wrongKey.route);
    expect(wrongKey.live.status).toBe(401);
    vi.stubEnv("CALLBOARD_API_KEY", "");

    const reviewer = await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "reviewer" });
    // A declared length past the limit is refused before the body is read, and the connection closed.
    const tooLarge = await new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(`${base}/api/v1/evals/reward`, { method: "POST", headers: { "api-key": reviewer.token, "content-length": String(64 * 1024 * 1024) } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }));
      });
      request.on("error", reject);
      request.write("x".repeat(64));
    });
    expect(tooLarge).toMatchObject({ status: 413, connection: "close" });
    expect(JSON.parse(tooLarge.body)).toMatchObject({ error: expect.stringContaining("larger than the limit"), detail: expect.stringContaining("larger than the limit") });
    expect(answered.map(({ reply }) => reply.status)).toEqual([413]);
  });

  it("leaves to Next what it does not answer: no credentials, a session, other paths and methods", async () => {
    const { token } = await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "live" });
    const body = sdkBody([user, call()], REWARD);
    const status = async (path: string, init: RequestInit) => (await fetch(`${base}${path}`, init)).status;
    expect(await status("/api/v1/evals/reward", { method: "POST", body })).toBe(NEXT_STATUS);
    expect(await status("/api/v1/evals/reward", { method: "POST", body, headers: { cookie: "better-auth.session_token=x" } })).toBe(NEXT_STATUS);
    for (const path of ["/api/v1/evals/trace", "/api/v1/evals/reward/", "/api/v1/evals/reward/background", "/api/runs"]) {
      expect(await status(path, { method: "POST", body, headers: { "api-key": token } })).toBe(NEXT_STATUS);
    }
    expect(await status("/api/v1/evals/reward", { method: "GET", headers: { "api-key": token } })).toBe(NEXT_STATUS);
    expect(await status("/api/v1/evals/binary?monitor=m1", { method: "POST", body: sdkBody([user, call()], PASSES), headers: { "api-key": token } })).toBe(200);
  });

  it("calls onAnswered after each answer with the check's endpoint, URL, user, body and reply", async () => {
    const reviewer = await ctx.member("reviewer");
    const { token } = await createApiToken(ctx.prisma, reviewer, { name: "live" });
    const body = sdkBody([user, call()], PASSES);
    const response = await fetch(`${base}/api/v1/evals/binary?monitor=m1`, { method: "POST", body, headers: { "api-key": token, "x-callboard-monitor": "m2" } });
    const text = await response.text();
    await vi.waitFor(() => expect(answered).toHaveLength(1));
    const [{ check, reply }] = answered;
    expect(check).toMatchObject({ endpoint: "binary", url: "/api/v1/evals/binary?monitor=m1", user: { id: reviewer.id, via: "token" } });
    expect(check.headers.get("x-callboard-monitor")).toBe("m2");
    expect(new TextDecoder().decode(check.body ?? new Uint8Array())).toBe(body);
    expect(reply).toMatchObject({ status: 200, text });
  });
});
