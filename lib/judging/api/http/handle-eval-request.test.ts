import { describe, expect, it } from "vitest";
import { API_KEY_REFUSED, apiKeyAccepted, evalCredentials } from "./api-key";
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

  it("answers 503 with the reason when the judge is unknown or not configured", async () => {
    const unconfigured = await handleEvalRequest(post(body), "reward", { CALLBOARD_API_JUDGE: "anthropic" });
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toEqual({ error: "the Anthropic judge is not configured: set ANTHROPIC_API_KEY", detail: "the Anthropic judge is not configured: set ANTHROPIC_API_KEY" });
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

describe("evalCredentials", () => {
  const TOKEN = "cb_Abc-123_xyz";
  const headers = (values: Record<string, string>) => new Headers(values);

  it("without a shared key: API-Key carries the token, unless a bearer token is there", () => {
    expect(evalCredentials(headers({ "API-Key": TOKEN }), undefined)).toEqual({ ok: true, token: TOKEN });
    expect(evalCredentials(headers({ "API-Key": ` ${TOKEN} ` }), "")).toEqual({ ok: true, token: TOKEN });
    expect(evalCredentials(headers({ "API-Key": TOKEN, authorization: "Bearer cb_other" }), undefined)).toEqual({ ok: true, token: null });
    expect(evalCredentials(headers({}), undefined)).toEqual({ ok: true, token: null });
  });

  it("with a shared key: the key alone (token in Authorization), or key:token in API-Key; never echoes either", () => {
    const key = "s3cret:with-colon";
    expect(evalCredentials(headers({ "API-Key": key, authorization: "Bearer cb_x" }), key)).toEqual({ ok: true, token: null });
    expect(evalCredentials(headers({ "API-Key": `${key}:${TOKEN}` }), key)).toEqual({ ok: true, token: TOKEN });
    for (const given of [TOKEN, "guess", `guess:${TOKEN}`, `${key}:not-a-token`]) {
      const refused = evalCredentials(headers({ "API-Key": given }), key);
      expect(refused).toEqual({ ok: false, message: API_KEY_REFUSED });
    }
    expect(evalCredentials(headers({ authorization: "Bearer cb_x" }), key).ok).toBe(false);
    expect(API_KEY_REFUSED).not.toMatch(/s3cret|cb_Abc/);
  });
});
