import { describe, expect, it } from "vitest";
import { createChecksJudge } from "@/lib/judges/checks";
import type { Judge } from "@/lib/judges/types";
import { evaluateRequest } from "./evaluate-request";
import type { ConfiguredJudge } from "./judge-from-env";

const checks: ConfiguredJudge = { judge: createChecksJudge(), settings: { kind: "checks" }, timeoutMs: 5_000 };

const tools = [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
const user = { role: "user", content: "What's the weather in Paris?" };
const call = (name = "get_weather", id = "c1") => ({ role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: '{"city":"Paris"}' } }] });
const response = (content: string, id = "c1") => ({ role: "tool", tool_call_id: id, content });

const REWARD = "Reward tool calls that select appropriate tools and provide accurate parameters";
const BINARY = "Tool call passes if the selected tool and every argument correctly fulfil the user's request";
const ERRORS = "Penalize tool calls whose response reports an error";

describe("evaluateRequest", () => {
  it("answers the reward endpoint with {score, explanation} and the extras", async () => {
    const answer = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: REWARD }, "reward", checks);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ score: 1, explanation: expect.stringMatching(/no problem/), findings: [], judge: "checks", view: "immediate", tool_name: "get_weather" });
    expect(answer.body).not.toHaveProperty("passed");
  });

  it("answers the binary endpoint with {passed, explanation}; a list of one criterion is accepted", async () => {
    const good = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: [BINARY] }, "binary", checks);
    expect(good).toMatchObject({ status: 200, body: { passed: true } });
    const bad = await evaluateRequest({ messages: [user, call("get_forecast")], tools, evaluation_criteria: BINARY }, "binary", checks);
    expect(bad).toMatchObject({ status: 200, body: { passed: false, findings: [expect.objectContaining({ check: "unknown-tool" })] } });
    expect(bad.body).not.toHaveProperty("score");
  });

  it("judges the last call: in hindsight when the transcript ends with its response, immediately when it ends with the call", async () => {
    const first = call("get_weather", "c0");
    const earlier = [user, first, response('{"error":"timeout"}', "c0")];
    const immediate = await evaluateRequest({ messages: [...earlier, call()], tools, evaluation_criteria: ERRORS }, "reward", checks);
    expect(immediate).toMatchObject({ status: 200, body: { score: null, view: "immediate", tool_call_id: "c1" } });
    const hindsight = await evaluateRequest({ messages: [...earlier, call(), response('{"error":"city not found"}')], tools, evaluation_criteria: ERRORS }, "reward", checks);
    expect(hindsight).toMatchObject({ status: 200, body: { view: "hindsight", tool_call_id: "c1" } });
    expect((hindsight.body as { score: number }).score).toBeLessThan(0.5);
  });

  it("says which endpoint takes a criterion of the other kind", async () => {
    const toReward = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: BINARY }, "reward", checks);
    expect(toReward).toMatchObject({ status: 400, body: { path: "evaluation_criteria", error: expect.stringContaining("send it to /api/v1/evals/binary") } });
    const toBinary = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: REWARD }, "binary", checks);
    expect(toBinary.body).toMatchObject({ error: expect.stringContaining("send it to /api/v1/evals/reward") });
  });

  it("rejects a criterion without a prefix with the parser's suggestion", async () => {
    const answer = await evaluateRequest({ messages: [user, call()], evaluation_criteria: "Rewards calls that are right" }, "reward", checks);
    expect(answer).toMatchObject({ status: 400, body: { path: "evaluation_criteria", error: expect.stringContaining('Did you mean "Reward tool calls …"?') } });
  });

  it("reports bad bodies with the path and sentence of the first problem", async () => {
    expect(await evaluateRequest({ messages: "hi", evaluation_criteria: REWARD }, "reward", checks)).toMatchObject({
      status: 400,
      body: { path: "messages", error: expect.stringMatching(/^messages: expected an array/) },
    });
    expect(await evaluateRequest({ messages: [user, call()] }, "reward", checks)).toMatchObject({ status: 400, body: { path: "evaluation_criteria" } });
    expect(await evaluateRequest({ messages: [user, call()], evaluation_criteria: [REWARD, REWARD] }, "reward", checks)).toMatchObject({
      status: 400,
      body: { path: "evaluation_criteria", error: expect.stringContaining("exactly one criterion") },
    });
    const deep = await evaluateRequest({ messages: [user, { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "x" } }] }], evaluation_criteria: REWARD }, "reward", checks);
    expect(deep).toMatchObject({ status: 400, body: { path: "messages[1].tool_calls[0].function.arguments" } });
  });

  it("answers 422 when there is no tool call to judge", async () => {
    const answer = await evaluateRequest({ messages: [user, { role: "assistant", content: "Sunny." }], evaluation_criteria: REWARD }, "reward", checks);
    expect(answer).toMatchObject({ status: 422, body: { error: expect.stringContaining("no tool call") } });
  });

  it("answers 502 when the judge fails", async () => {
    const broken: Judge = {
      id: "broken",
      evaluate: async () => {
        throw new Error("upstream said no");
      },
    };
    const answer = await evaluateRequest({ messages: [user, call()], evaluation_criteria: REWARD }, "reward", { ...checks, judge: broken });
    expect(answer).toEqual({ status: 502, body: { error: "the broken judge failed: upstream said no" } });
  });
});
