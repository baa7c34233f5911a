import { expect, test } from "@playwright/test";
import { HEADLESS_ADMIN_TOKEN, SIGNED_OUT } from "../fixtures/credentials";

/*
 * The evaluation API on the real server, spoken as the official Composo Python SDK (0.2.48)
 * does: only `API-Key` (a Callboard API token here), `Content-Type` and its User-Agent; every
 * criterion to /api/v1/evals/reward, one request each, concurrently; evaluate_trace to /trace;
 * block=False to /reward/background. lib/judging/api/http/composo-sdk.db.test.ts covers the same
 * contract in depth against the route handlers.
 */
const SDK_HEADERS = { "API-Key": HEADLESS_ADMIN_TOKEN, "Content-Type": "application/json", "User-Agent": "composo-python-sdk/0.1.0" };

test.use({ storageState: SIGNED_OUT, extraHTTPHeaders: SDK_HEADERS });

const tools = [{ type: "function", function: { name: "get_weather", description: "Current weather for a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
const user = { role: "user", content: "What's the weather in Paris?" };
const call = (name: string) => ({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name, arguments: '{"city":"Paris"}' } }] });
const sdkBody = (name: string, criterion: string) => ({ messages: [user, call(name)], system_message: "You answer weather questions.", tools, evaluation_criteria: criterion, model_core: null });

test("every criterion goes to /reward, one request each and concurrently; pass/fail ones answer score 1.0 or 0.0", async ({ request }) => {
  const criteria = ["Reward tool calls that select appropriate tools and provide accurate parameters", "Tool call passes if the selected tool and every argument correctly fulfil the user's request"];
  const answers = await Promise.all([...criteria.map((criterion) => sdkBody("get_weather", criterion)), sdkBody("get_forecast", criteria[1])].map((data) => request.post("/api/v1/evals/reward", { data })));
  expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200]);
  const [scored, passed, failed] = await Promise.all(answers.map((answer) => answer.json()));
  expect(scored).toMatchObject({ score: 1, explanation: expect.any(String) });
  expect(passed).toMatchObject({ score: 1, passed: true });
  expect(failed).toMatchObject({ score: 0, passed: false });
});

test("evaluate_trace's multi-agent trace gets results by agent name and one overall score", async ({ request }) => {
  const response = await request.post("/api/v1/evals/trace", {
    data: {
      trace: {
        root_agent_instance_id: "a1",
        agent_instance_by_id: {
          a1: {
            id: "a1",
            name: "weather",
            interactions: [
              { input_messages: [{ role: "user", content: user.content }], output_messages: [{ type: "tool_call", content: { id: "c1", name: "get_weather", parameters: '{"city":"Paris"}' } }], tools_available: [{ name: "get_weather", description: "Current weather for a city.", parameters: JSON.stringify(tools[0].function.parameters) }] },
              { input_messages: [{ role: "tool", content: { id: "c1", response: '{"temp_c": 18}' } }], output_messages: [{ type: "text", content: "It is 18 °C in Paris." }] },
            ],
          },
        },
      },
      evaluation_criteria: "Reward agents that stay faithful to tool results",
    },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ score: 1, request_id: expect.any(String), results_by_agent_name: { weather: { agent_name: "weather", results_by_agent_instance_id: { a1: { score: 1 } } } } });
});

test("block=False and unknown paths answer JSON with a detail, never the HTML page", async ({ request }) => {
  const background = await request.post("/api/v1/evals/reward/background", { data: sdkBody("get_weather", "Reward tool calls that use the right tool") });
  expect(background.status()).toBe(501);
  expect(background.headers()["content-type"]).toContain("application/json");
  expect(await background.json()).toMatchObject({ detail: expect.stringContaining("not supported") });
  for (const [method, path] of [["POST", "/api/v1/evals/rewards"], ["GET", "/api/v1/evals/reward/background/42"], ["GET", "/api/v1/evals"]]) {
    const response = await request.fetch(path, { method, ...(method === "POST" ? { data: {} } : {}) });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toContain("application/json");
    expect((await response.json()).detail, path).toContain("is not an endpoint of the evaluation API");
  }
});

test("the SDK's errors: 400 with a detail for an unprefixed criterion, 401 for a key that is not a Callboard token", async ({ request, playwright }) => {
  const unprefixed = await request.post("/api/v1/evals/reward", { data: sdkBody("get_weather", "Is this call good?") });
  expect(unprefixed.status()).toBe(400);
  expect((await unprefixed.json()).detail).toContain("A criterion must start with one of");
  const composoKey = await playwright.request.newContext({ storageState: SIGNED_OUT, extraHTTPHeaders: { ...SDK_HEADERS, "API-Key": "ck-a-composo-key" } });
  const refused = await composoKey.post("/api/v1/evals/reward", { data: sdkBody("get_weather", "Reward tool calls that use the right tool") });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).detail).toContain("unknown or revoked");
  await composoKey.dispose();
});
