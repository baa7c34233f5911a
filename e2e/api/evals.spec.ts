import { expect, test } from "../fixtures/api";

// The evaluation API's contract, answered by the server's configured judge (checks by default).
const tools = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
    },
  },
];
const user = { role: "user", content: "What's the weather in Paris?" };
const call = (name = "get_weather") => ({ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name, arguments: '{"city":"Paris"}' } }] });
const toolResponse = (content: string) => ({ role: "tool", tool_call_id: "c1", content });

const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const BINARY = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";
const TOOL_ERRORS = "Penalize tool calls whose response reports an error";

test("POST /api/v1/evals/reward answers {score, explanation} for the last tool call", async ({ request }) => {
  const response = await request.post("/api/v1/evals/reward", { data: { messages: [user, call()], tools, evaluation_criteria: REWARD } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ score: expect.any(Number), explanation: expect.any(String), findings: [], judge: "checks" });
  expect(body.score).toBeGreaterThan(0.9);
});

test("POST /api/v1/evals/binary answers {passed, explanation}: a good call passes, an unknown tool fails", async ({ request }) => {
  const good = await request.post("/api/v1/evals/binary", { data: { messages: [user, call()], tools, evaluation_criteria: BINARY } });
  expect(good.status()).toBe(200);
  expect(await good.json()).toMatchObject({ passed: true, explanation: expect.any(String), judge: "checks" });

  const bad = await request.post("/api/v1/evals/binary", { data: { messages: [user, call("get_forecast")], tools, evaluation_criteria: [BINARY] } });
  expect(bad.status()).toBe(200);
  const body = await bad.json();
  expect(body.passed).toBe(false);
  expect(body.findings).toEqual(expect.arrayContaining([expect.objectContaining({ check: "unknown-tool" })]));
});

test("/reward judges pass/fail criteria too (score 1.0 or 0.0 and passed); /binary refuses a reward criterion with the right endpoint", async ({ request }) => {
  const toReward = await request.post("/api/v1/evals/reward", { data: { messages: [user, call()], tools, evaluation_criteria: BINARY } });
  expect(toReward.status()).toBe(200);
  expect(await toReward.json()).toMatchObject({ score: 1, passed: true, explanation: expect.any(String) });

  const toBinary = await request.post("/api/v1/evals/binary", { data: { messages: [user, call()], tools, evaluation_criteria: REWARD } });
  expect(toBinary.status()).toBe(400);
  const body = await toBinary.json();
  expect(body.error).toContain("send it to /api/v1/evals/reward");
  expect(body.detail).toBe(body.error);
});

test("a bad body gets a 400 with the path and the importer's sentence", async ({ request }) => {
  const wrongType = await request.post("/api/v1/evals/reward", { data: { messages: "hello", evaluation_criteria: REWARD } });
  expect(wrongType.status()).toBe(400);
  expect(await wrongType.json()).toMatchObject({ path: "messages", error: expect.stringMatching(/^messages: expected an array/) });

  const deep = await request.post("/api/v1/evals/reward", {
    data: { messages: [user, { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather" } }] }], evaluation_criteria: REWARD },
  });
  expect(deep.status()).toBe(400);
  expect(await deep.json()).toMatchObject({ path: "messages[1].tool_calls[0].function.arguments" });

  // A Buffer is sent as is; Playwright would JSON-encode a string that does not parse.
  const notJson = await request.post("/api/v1/evals/reward", { data: Buffer.from('{"messages": ['), headers: { "content-type": "application/json" } });
  expect(notJson.status()).toBe(400);
  expect((await notJson.json()).error).toMatch(/^invalid JSON at line 1, column 15/);

  const noCall = await request.post("/api/v1/evals/reward", { data: { messages: [user, { role: "assistant", content: "Sunny." }], evaluation_criteria: REWARD } });
  expect(noCall.status()).toBe(422);
});

test("the call is judged immediately when the transcript ends with it, in hindsight when it ends with its response", async ({ request }) => {
  const immediate = await request.post("/api/v1/evals/reward", { data: { messages: [user, call()], tools, evaluation_criteria: TOOL_ERRORS } });
  expect(immediate.status()).toBe(200);
  // Tool errors can only be seen in the response: not applicable before it.
  expect(await immediate.json()).toMatchObject({ score: null, view: "immediate" });

  const hindsight = await request.post("/api/v1/evals/reward", {
    data: { messages: [user, call(), toolResponse('{"error": "city not found"}')], tools, evaluation_criteria: TOOL_ERRORS },
  });
  expect(hindsight.status()).toBe(200);
  const body = await hindsight.json();
  expect(body).toMatchObject({ view: "hindsight", findings: [expect.objectContaining({ check: "tool-error" })] });
  expect(body.score).toBeLessThan(0.5);
});
