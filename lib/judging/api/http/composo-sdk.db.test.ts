import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";
import { startTestServer, type TestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";

/*
 * The official Composo Python SDK (composo 0.2.48), spoken exactly, against Callboard's route
 * handlers on a real test database: its headers (only API-Key, Content-Type and its User-Agent),
 * its paths (base_url + /api/v1/evals/reward for every criterion, /trace for evaluate_trace,
 * /reward/background for block=False), its bodies (EvaluationRequest dumped with its nulls:
 * {messages, system_message, tools, evaluation_criteria, model_core}; TraceRewardRequest dumped
 * without them: {trace, evaluation_criteria}), one request per criterion (the async client
 * sends them concurrently), and what it does with each answer (BaseClient._handle_response).
 */

const state = vi.hoisted(() => ({ headers: new Headers(), ctx: undefined as AccountsTestContext | undefined }));
vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const reward = await import("@/app/api/v1/evals/reward/route");
const binary = await import("@/app/api/v1/evals/binary/route");
const trace = await import("@/app/api/v1/evals/trace/route");
const background = await import("@/app/api/v1/evals/reward/background/route");
const other = await import("@/app/api/v1/evals/[[...path]]/route");
const { createApiToken } = await import("@/lib/accounts/server/manage-api-tokens");
const { createAccountsTestContext } = await import("@/lib/accounts/server/test-fixtures/accounts");

const BASE_URL = "http://localhost:3000/";
const ROUTES: Record<string, (request: Request) => Promise<Response>> = {
  "/api/v1/evals/reward": reward.POST,
  "/api/v1/evals/binary": binary.POST,
  "/api/v1/evals/trace": trace.POST,
  "/api/v1/evals/reward/background": background.POST,
};

// composo/exceptions.py: get_exception_for_status_code; the message is the response body's text.
const SDK_EXCEPTIONS: Record<number, string> = { 400: "BadRequestError", 401: "AuthenticationError", 408: "TimeoutError", 422: "MalformedError", 429: "RateLimitError", 500: "APIError" };
class SdkError extends Error {
  constructor(
    readonly kind: string,
    readonly status: number,
    readonly responseBody: string,
  ) {
    super(responseBody || `HTTP ${status}`);
  }
}

// composo/models/api_types.py: ScoreResponse and MultiAgentTraceResponse, as Pydantic validates them (extra keys ignored).
const scoreResponse = z.object({ score: z.number().min(0).max(1).nullable(), explanation: z.string() });
const verdict = z.union([scoreResponse, z.object({ passed: z.boolean().nullable(), explanation: z.string() }), z.null()]);
const multiAgentTraceResponse = z.object({
  request_id: z.string(),
  results_by_agent_name: z.record(
    z.string(),
    z.object({
      agent_name: z.string(),
      results_by_agent_instance_id: z.record(z.string(), verdict),
      summary_statistics: z.object({ median: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), std: z.number().nullable() }).nullish(),
    }),
  ),
});

/** BaseClient._apost: `{base_url}/{endpoint.lstrip('/')}`, the three headers, the JSON body; then _handle_response. */
async function sdkPost(apiKey: string, endpoint: string, data: unknown): Promise<unknown> {
  const url = `${BASE_URL.replace(/\/+$/, "")}/${endpoint.replace(/^\/+/, "")}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "API-Key": apiKey, "Content-Type": "application/json", "User-Agent": "composo-python-sdk/0.1.0" },
    body: JSON.stringify(data),
  });
  const route = ROUTES[new URL(url).pathname] ?? other.POST;
  const response = await route(request);
  const text = await response.text();
  if (response.status >= 200 && response.status < 300) return JSON.parse(text);
  throw new SdkError(SDK_EXCEPTIONS[response.status] ?? "ComposoError", response.status, text);
}

/** What `client.evaluate(messages, system, tools, criteria=[...])` sends: one request per criterion. */
function evaluationRequest(messages: unknown[], criterion: string, extra: { system?: string; tools?: unknown[] } = {}) {
  return { messages, system_message: extra.system ?? null, tools: extra.tools ?? null, evaluation_criteria: criterion, model_core: null };
}

async function sdkError(promise: Promise<unknown>): Promise<SdkError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof SdkError)) throw new Error(`expected the SDK to raise, got ${JSON.stringify(error)}`);
  return error;
}

const tools = [{ type: "function", function: { name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
const user = { role: "user", content: "What's the weather in Paris?" };
const call = (name = "get_weather") => ({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name, arguments: '{"city":"Paris"}' } }] });
const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const PASSES = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";
const ERRORS = "Penalize tool calls whose response reports an error";

let ctx: AccountsTestContext;
let token: string;
beforeAll(async () => {
  ctx = await createAccountsTestContext("composo-sdk");
  state.ctx = ctx;
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.reset();
  token = (await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "composo sdk" })).token;
  vi.stubEnv("CALLBOARD_API_KEY", "");
  vi.stubEnv("CALLBOARD_API_JUDGE", "");
});
afterEach(() => vi.unstubAllEnvs());

describe("the Composo SDK against /api/v1/evals", () => {
  it("evaluates several criteria, one request each and concurrently, binary ones on /reward too", async () => {
    const criteria = [REWARD, PASSES, ERRORS, "Tool call fails if the tool is not among the available tools"];
    const answers = await Promise.all(criteria.map((criterion) => sdkPost(token, "/api/v1/evals/reward", evaluationRequest([user, call()], criterion, { tools, system: "You are a weather assistant." }))));
    const parsed = answers.map((answer) => scoreResponse.parse(answer));
    expect(parsed.map((answer) => answer.score)).toEqual([1, 1, null, 1]);
    expect(answers[1]).toMatchObject({ passed: true });

    const wrongTool = scoreResponse.parse(await sdkPost(token, "/api/v1/evals/reward", evaluationRequest([user, call("get_forecast")], PASSES, { tools })));
    expect(wrongTool.score).toBe(0);
    expect(wrongTool.explanation).toMatch(/get_forecast/);
  });

  it("reads Anthropic messages and the system prompt the SDK's Anthropic adapter sends", async () => {
    const messages = [
      { role: "user", content: "Book a table for two at Chez Paul tonight." },
      { role: "assistant", content: [{ type: "text", text: "Booking it." }, { type: "tool_use", id: "toolu_1", name: "book_table", input: { restaurant: "Chez Paul", people: 2 } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Error: fully booked" }] },
    ];
    const anthropicTools = [{ name: "book_table", description: "Book a restaurant table.", input_schema: { type: "object", properties: { restaurant: { type: "string" }, people: { type: "integer" } }, required: ["restaurant", "people"] } }];
    const answer = await sdkPost(token, "/api/v1/evals/reward", evaluationRequest(messages, ERRORS, { tools: anthropicTools, system: "Only book what the user asked for." }));
    expect(scoreResponse.parse(answer).score).toBeLessThan(0.5);
    expect(answer).toMatchObject({ view: "hindsight", tool_name: "book_table" });
  });

  it("evaluates a multi-agent trace on /trace and answers what MultiAgentTraceResponse parses, with one overall score", async () => {
    const instance = (id: string, reply: string, result: string) => ({
      id,
      name: "support",
      interactions: [
        {
          input_messages: [{ role: "user", type: "text", content: "Please cancel order W1." }],
          output_messages: [{ type: "tool_call", content: { id: `${id}-1`, name: "cancel_order", parameters: '{"order_id":"W1"}' } }],
          tools_available: [{ name: "cancel_order", description: "Cancel an order.", parameters: '{"type":"object","properties":{"order_id":{"type":"string"}}}' }],
        },
        {
          input_messages: [
            { role: "user", type: "text", content: "Please cancel order W1." },
            { role: "assistant", type: "tool_call", content: { id: `${id}-1`, name: "cancel_order", parameters: '{"order_id":"W1"}' } },
            { role: "tool", type: "tool_response", content: { id: `${id}-1`, response: result } },
          ],
          output_messages: [{ type: "text", content: reply }],
        },
      ],
    });
    const body = {
      trace: {
        root_agent_instance_id: "root",
        agent_instance_by_id: {
          root: { id: "root", name: "orchestrator", interactions: ["good", "bad"] },
          good: instance("good", "Order W1 is cancelled.", '{"order_id":"W1","status":"cancelled"}'),
          bad: instance("bad", "Order W1 has been cancelled successfully.", "Error: order W1 cannot be cancelled"),
        },
      },
      evaluation_criteria: "Reward agents that stay faithful to tool results and leave no error unrecovered",
    };
    const answer = await sdkPost(token, "/api/v1/evals/trace", body);
    const parsed = multiAgentTraceResponse.parse(answer);
    const support = parsed.results_by_agent_name.support;
    const good = scoreResponse.parse(support.results_by_agent_instance_id.good);
    const bad = scoreResponse.parse(support.results_by_agent_instance_id.bad);
    expect(good.score).toBeGreaterThan(bad.score ?? 1);
    expect(parsed.results_by_agent_name.orchestrator.results_by_agent_instance_id.root).toBeNull();
    expect(support.summary_statistics).toMatchObject({ min: bad.score, max: good.score });
    expect(scoreResponse.parse(answer).score).toBeCloseTo(((good.score ?? 0) + (bad.score ?? 0)) / 2);

    const passFail = await sdkPost(token, "/api/v1/evals/trace", { ...body, evaluation_criteria: "Agent passes if it stays faithful to tool results and leaves no error unrecovered" });
    expect(passFail).toMatchObject({ score: 0, passed: false, results_by_agent_name: { support: { results_by_agent_instance_id: { good: { passed: true }, bad: { passed: false } } } } });
  });

  it("takes a plain transcript on /trace too", async () => {
    const messages = [user, call(), { role: "tool", tool_call_id: "c1", content: '{"temp_c": 18}' }, { role: "assistant", content: "It is 18 °C in Paris." }];
    const answer = scoreResponse.parse(await sdkPost(token, "/api/v1/evals/trace", evaluationRequest(messages, "Reward agents that stay faithful to tool results", { tools })));
    expect(answer.score).toBe(1);
  });

  it("gets JSON for block=False and for paths the API does not have", async () => {
    const backgroundError = await sdkError(sdkPost(token, "/api/v1/evals/reward/background", evaluationRequest([user, call()], REWARD, { tools })));
    expect(backgroundError).toMatchObject({ kind: "ComposoError", status: 501 });
    expect(JSON.parse(backgroundError.responseBody)).toMatchObject({ detail: expect.stringContaining("not supported") });
    const unknown = await sdkError(sdkPost(token, "/api/v1/evals/rewards", {}));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.responseBody)).toMatchObject({ detail: expect.stringContaining("POST /api/v1/evals/reward") });
    const get = await reward.GET(new Request(`${BASE_URL}api/v1/evals/reward`, { headers: { "API-Key": token } }));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toMatchObject({ detail: "/api/v1/evals/reward takes POST only, not GET." });
  });

  it("raises what the SDK raises for 400, 401 and 422, each with a detail", async () => {
    const unprefixed = await sdkError(sdkPost(token, "/api/v1/evals/reward", evaluationRequest([user, call()], "Is the call good?")));
    expect(unprefixed).toMatchObject({ kind: "BadRequestError", status: 400 });
    expect(JSON.parse(unprefixed.responseBody)).toMatchObject({ detail: expect.stringContaining("A criterion must start with one of") });

    const badToken = await sdkError(sdkPost("cb_not-a-real-token", "/api/v1/evals/reward", evaluationRequest([user, call()], REWARD)));
    expect(badToken).toMatchObject({ kind: "AuthenticationError", status: 401 });
    expect(JSON.parse(badToken.responseBody).detail).toMatch(/unknown or revoked/);

    const composoKey = await sdkError(sdkPost("", "/api/v1/evals/reward", evaluationRequest([user, call()], REWARD)));
    expect(composoKey).toMatchObject({ kind: "AuthenticationError" });

    const noCall = await sdkError(sdkPost(token, "/api/v1/evals/reward", evaluationRequest([user, { role: "assistant", content: "Sunny." }], REWARD)));
    expect(noCall).toMatchObject({ kind: "MalformedError", status: 422 });
    expect(JSON.parse(noCall.responseBody).detail).toMatch(/no tool call/);
  });

  it("refuses a viewer's token with 403, as the other routes do", async () => {
    const viewer = (await createApiToken(ctx.prisma, await ctx.member("viewer"), { name: "read only" })).token;
    const refused = await sdkError(sdkPost(viewer, "/api/v1/evals/reward", evaluationRequest([user, call()], REWARD)));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.responseBody)).toMatchObject({ error: expect.stringContaining("(viewer)"), detail: expect.stringContaining("(viewer)") });
  });

  it("with CALLBOARD_API_KEY set, needs the shared key too: `key:token` in API-Key, never echoed", async () => {
    vi.stubEnv("CALLBOARD_API_KEY", "shared-s3cret");
    const body = evaluationRequest([user, call()], REWARD, { tools });
    const tokenOnly = await sdkError(sdkPost(token, "/api/v1/evals/reward", body));
    expect(tokenOnly).toMatchObject({ kind: "AuthenticationError", status: 401 });
    expect(tokenOnly.responseBody).not.toMatch(/shared-s3cret|cb_/);
    expect(scoreResponse.parse(await sdkPost(`shared-s3cret:${token}`, "/api/v1/evals/reward", body)).score).toBe(1);
    const wrongKey = await sdkError(sdkPost(`guess:${token}`, "/api/v1/evals/reward", body));
    expect(wrongKey.status).toBe(401);
  });

  it("raises RateLimitError when the configured judge is rate-limited", async () => {
    let server: TestServer | undefined;
    try {
      // Every attempt the engine makes (it retries rate limits a few times) is refused.
      const refusal = { status: 429, json: { error: { message: "Rate limit reached" } }, headers: { "retry-after": "0" } };
      server = await startTestServer(...Array.from({ length: 8 }, () => refusal));
      vi.stubEnv("CALLBOARD_API_JUDGE", "openai");
      vi.stubEnv("OPENAI_BASE_URL", server.url);
      vi.stubEnv("OPENAI_API_KEY", "sk-test");
      const limited = await sdkError(sdkPost(token, "/api/v1/evals/reward", evaluationRequest([user, call()], REWARD, { tools })));
      expect(limited).toMatchObject({ kind: "RateLimitError", status: 429 });
      expect(JSON.parse(limited.responseBody).detail).toMatch(/judge failed/);
    } finally {
      await server?.close();
    }
  });
});
