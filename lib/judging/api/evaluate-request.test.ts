import { describe, expect, it } from "vitest";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { JudgeError } from "@/lib/judging/judges/registry";
import type { Judge } from "@/lib/judging/judges/types";
import { evaluateRequest } from "./evaluate-request";
import type { ConfiguredJudge } from "../engine/judge-from-env";

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

  it("answers a pass/fail criterion on /reward with score 1.0 or 0.0 and passed, as the SDK sends every criterion there", async () => {
    const good = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: BINARY }, "reward", checks);
    expect(good).toMatchObject({ status: 200, body: { score: 1, passed: true, explanation: expect.any(String), tool_name: "get_weather" } });
    const bad = await evaluateRequest({ messages: [user, call("get_forecast")], tools, evaluation_criteria: BINARY }, "reward", checks);
    expect(bad).toMatchObject({ status: 200, body: { score: 0, passed: false } });
    const notApplicable = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: "Tool call fails if its response reports an error" }, "reward", checks);
    expect(notApplicable).toMatchObject({ status: 200, body: { score: null, passed: null } });
  });

  it("keeps /binary for pass/fail criteria, and points agent-level criteria to /trace", async () => {
    const toBinary = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: REWARD }, "binary", checks);
    expect(toBinary).toMatchObject({ status: 400, body: { path: "evaluation_criteria", error: expect.stringContaining("send it to /api/v1/evals/reward") } });
    const agent = await evaluateRequest({ messages: [user, call()], tools, evaluation_criteria: "Reward agents that accomplish the goal" }, "reward", checks);
    expect(agent).toMatchObject({ status: 400, body: { error: expect.stringContaining("send it to /api/v1/evals/trace") } });
  });

  it("reads system_message as the system prompt, for OpenAI and Anthropic messages alike", async () => {
    const seen: string[] = [];
    const spy: Judge = {
      id: "spy",
      evaluate: async (input) => {
        const first = input.content.context[0];
        seen.push(first?.role === "system" ? first.content : "(none)");
        return { score: 1, passed: null, applicable: true, explanation: "ok", findings: [] };
      },
    };
    const prompt = "Always confirm before booking.";
    await evaluateRequest({ messages: [user, call()], tools, system_message: prompt, evaluation_criteria: REWARD }, "reward", { ...checks, judge: spy });
    const anthropic = {
      messages: [
        { role: "user", content: "What's the weather in Paris?" },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "get_weather", input: { city: "Paris" } }] },
      ],
      tools: [{ name: "get_weather", input_schema: { type: "object", properties: { city: { type: "string" } } } }],
      system_message: prompt,
      model_core: "align-20250529",
      evaluation_criteria: REWARD,
    };
    await evaluateRequest(anthropic, "reward", { ...checks, judge: spy });
    // `system` on an OpenAI body was dropped before: it reaches the judge too.
    await evaluateRequest({ messages: [user, call()], tools, system: prompt, evaluation_criteria: REWARD }, "reward", { ...checks, judge: spy });
    expect(seen).toEqual([prompt, prompt, prompt]);
    const clash = await evaluateRequest({ messages: [user, call()], system: "a", system_message: "b", evaluation_criteria: REWARD }, "reward", checks);
    expect(clash).toMatchObject({ status: 400, body: { path: "system_message" } });
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

  it("answers 429 when the judge is rate-limited, so the client backs off", async () => {
    const limited: Judge = {
      id: "limited",
      evaluate: async () => {
        throw new JudgeError({ kind: "rate_limit", message: "slow down", retryable: false });
      },
    };
    const answer = await evaluateRequest({ messages: [user, call()], evaluation_criteria: REWARD }, "reward", { ...checks, judge: limited });
    expect(answer).toMatchObject({ status: 429, body: { error: expect.stringContaining("slow down") } });
  });
});
