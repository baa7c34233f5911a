import { describe, expect, it } from "vitest";
import { apiKeyAccepted } from "./api-key";
import { handleEvalRequest } from "./handle-eval-request";

const body = {
  messages: [
    { role: "user", content: "What's the weather in Paris?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }],
  evaluation_criteria: "Reward tool calls that select appropriate tools",
};

function post(data: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/v1/evals/reward", { method: "POST", body: typeof data === "string" ? data : JSON.stringify(data), headers: { "content-type": "application/json", ...headers } });
}

describe("handleEvalRequest", () => {
  it("answers with the checks judge by default", async () => {
    const response = await handleEvalRequest(post(body), "reward", {});
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ score: 1, judge: "checks" });
  });

  it("requires the API-Key header when CALLBOARD_API_KEY is set, and never echoes a key", async () => {
    const env = { CALLBOARD_API_KEY: "s3cret-key" };
    const missing = await handleEvalRequest(post(body), "reward", env);
    expect(missing.status).toBe(401);
    const wrong = await handleEvalRequest(post(body, { "API-Key": "guess" }), "reward", env);
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).not.toMatch(/s3cret|guess/);
    expect((await handleEvalRequest(post(body, { "API-Key": "s3cret-key" }), "reward", env)).status).toBe(200);
  });

  it("answers 503 with the reason when the judge is unknown or not configured", async () => {
    const unconfigured = await handleEvalRequest(post(body), "reward", { CALLBOARD_API_JUDGE: "anthropic" });
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toEqual({ error: "the Anthropic judge is not configured: set ANTHROPIC_API_KEY" });
    const unknown = await handleEvalRequest(post(body), "reward", { CALLBOARD_API_JUDGE: "gpt-5" });
    expect(unknown.status).toBe(503);
    expect((await unknown.json()).error).toContain("must be one of checks, openai, anthropic, composo");
  });

  it("reports a body that is not JSON with its line and column", async () => {
    const response = await handleEvalRequest(post('{"messages": [}'), "reward", {});
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^invalid JSON at line 1, column 15/);
    const cut = await handleEvalRequest(post('{"messages": ['), "reward", {});
    expect((await cut.json()).error).toMatch(/^invalid JSON at line 1, column 15: unexpected end of input/);
    const empty = await handleEvalRequest(post(""), "reward", {});
    expect(empty.status).toBe(400);
  });

  it("refuses a body over the size limit", async () => {
    const response = await handleEvalRequest(post(body, { "content-length": String(64 * 1024 * 1024) }), "reward", {});
    expect(response.status).toBe(413);
  });
});

describe("apiKeyAccepted", () => {
  it("is open without a configured key and compares keys of any length", () => {
    expect(apiKeyAccepted(undefined, null)).toBe(true);
    expect(apiKeyAccepted("", null)).toBe(true);
    expect(apiKeyAccepted("abc", null)).toBe(false);
    expect(apiKeyAccepted("abc", "abcd")).toBe(false);
    expect(apiKeyAccepted("abc", "abc")).toBe(true);
  });
});
