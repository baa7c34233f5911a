import { describe, expect, it } from "vitest";
import { JudgeError } from "@/lib/judging/judges/registry";
import { startTestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";
import { checksAgentJudge, type AgentJudge } from "@/lib/judging/judges/agent";
import { handleTraceRequest } from "../http/handle-eval-request";
import { evaluateTraceRequest } from "./evaluate-trace-request";

const GOAL = "Reward agents that accomplish the user's goal without errors";
const messages = [
  { role: "user", content: "Please cancel order W1." },
  { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "cancel_order", arguments: '{"order_id":"W1"}' } }] },
  { role: "tool", tool_call_id: "c1", content: "Error: order W1 cannot be cancelled" },
  { role: "assistant", content: "Order W1 has been cancelled successfully." },
];
const interaction = { input_messages: [{ role: "user", content: "Hi" }], output_messages: [{ content: "Hello! How can I help?" }] };

describe("evaluateTraceRequest", () => {
  it("judges a transcript's messages as one agent, pass/fail criteria with score 1.0 or 0.0", async () => {
    const scored = await evaluateTraceRequest({ messages, evaluation_criteria: GOAL }, checksAgentJudge);
    expect(scored).toMatchObject({ status: 200, body: { score: expect.any(Number), judge: "checks", findings: expect.arrayContaining([expect.objectContaining({ check: "unrecovered-error" })]) } });
    expect((scored.body as { score: number }).score).toBeLessThan(1);
    expect(scored.body).not.toHaveProperty("passed");
    const failed = await evaluateTraceRequest({ messages, evaluation_criteria: ["agent PASSES IF it accomplishes the user's goal without errors"] }, checksAgentJudge);
    const { score, passed } = failed.body as { score: number; passed: boolean };
    expect(typeof passed).toBe("boolean");
    expect(score).toBe(passed ? 1 : 0);
  });

  it("refuses tool-call criteria and unprefixed text with the agent prefixes", async () => {
    const toolCall = await evaluateTraceRequest({ messages, evaluation_criteria: "Reward tool calls that use the right tool" }, checksAgentJudge);
    expect(toolCall).toMatchObject({ status: 400, body: { path: "evaluation_criteria", error: expect.stringContaining("send it to /api/v1/evals/reward") } });
    const sdk = await evaluateTraceRequest({ trace: { root_agent_instance_id: "a", agent_instance_by_id: {} }, evaluation_criteria: "Is it good?" }, checksAgentJudge);
    expect(sdk).toMatchObject({ status: 400, body: { error: expect.stringContaining('"Reward agents …"') } });
  });

  it("reports a malformed SDK trace at its path from the body's root", async () => {
    const noRoot = await evaluateTraceRequest({ trace: { root_agent_instance_id: "a", agent_instance_by_id: { b: { id: "b", name: "x", interactions: [] } } }, evaluation_criteria: GOAL }, checksAgentJudge);
    expect(noRoot).toMatchObject({ status: 400, body: { path: "trace.root_agent_instance_id", error: expect.stringContaining('no agent instance has the id "a"') } });
    const badMessage = await evaluateTraceRequest(
      { trace: { root_agent_instance_id: "a", agent_instance_by_id: { a: { id: "a", name: "x", interactions: [{ input_messages: [{ content: "no role" }], output_messages: [] }] } } }, evaluation_criteria: GOAL },
      checksAgentJudge,
    );
    expect(badMessage).toMatchObject({ status: 400, body: { path: expect.stringMatching(/^trace\.agent_instance_by_id\.a\.interactions\[0\]/) } });
  });

  it("answers 422 when no agent instance has an interaction of its own", async () => {
    const answer = await evaluateTraceRequest({ trace: { root_agent_instance_id: "a", agent_instance_by_id: { a: { id: "a", name: "x", interactions: ["b"] } } }, evaluation_criteria: GOAL }, checksAgentJudge);
    expect(answer).toMatchObject({ status: 422, body: { error: expect.stringContaining("no LLM interaction") } });
  });

  it("gives one agent instance's own result as the overall one", async () => {
    const answer = await evaluateTraceRequest({ trace: { root_agent_instance_id: "a", agent_instance_by_id: { a: { id: "a", name: "greeter", interactions: [interaction] } } }, evaluation_criteria: GOAL }, checksAgentJudge);
    expect(answer.status).toBe(200);
    const body = answer.body as { score: number | null; explanation: string; results_by_agent_name: Record<string, { results_by_agent_instance_id: Record<string, { score: number | null; explanation: string }> }> };
    expect(body.results_by_agent_name.greeter.results_by_agent_instance_id.a).toEqual({ score: body.score, explanation: body.explanation });
  });

  it("answers 429 when the judge is rate-limited and 502 when it fails", async () => {
    const failing = (error: Error): AgentJudge => ({
      id: "flaky",
      evaluateTranscript: async () => {
        throw error;
      },
    });
    const limited = await evaluateTraceRequest({ messages, evaluation_criteria: GOAL }, failing(new JudgeError({ kind: "rate_limit", message: "slow down", retryAfterMs: 2500 })));
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 3, body: { error: expect.stringContaining("slow down") } });
    const broken = await evaluateTraceRequest({ messages, evaluation_criteria: GOAL }, failing(new Error("boom")));
    expect(broken).toEqual({ status: 502, body: { error: "the flaky judge failed: boom" } });
  });
});

describe("handleTraceRequest", () => {
  const post = (body: unknown) => new Request("http://localhost/api/v1/evals/trace", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

  it("refuses a judge that cannot judge whole transcripts by name, rather than answering with another", async () => {
    const composo = await handleTraceRequest(post({ messages, evaluation_criteria: GOAL }), { CALLBOARD_API_JUDGE: "composo", COMPOSO_API_KEY: "ck-test" });
    expect(composo.status).toBe(503);
    expect(await composo.json()).toEqual({ error: expect.stringContaining("Composo judge (CALLBOARD_API_JUDGE=composo) cannot judge whole transcripts"), detail: expect.any(String) });
    const unconfigured = await handleTraceRequest(post({ messages, evaluation_criteria: GOAL }), { CALLBOARD_API_JUDGE: "anthropic" });
    expect(unconfigured.status).toBe(503);
    expect((await unconfigured.json()).detail).toBe("the Anthropic judge is not configured: set ANTHROPIC_API_KEY");
  });

  it("gives the configured LLM judge the whole transcript with the agent-level criterion", async () => {
    const server = await startTestServer({
      json: {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify({ explanation: "The final answer contradicts the tool error.", findings: [], applicable: true, score: 0.1 }), refusal: null }, finish_reason: "stop", logprobs: null }],
      },
    });
    try {
      const response = await handleTraceRequest(post({ messages, evaluation_criteria: GOAL }), { CALLBOARD_API_JUDGE: "openai", OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "sk-test", OPENAI_MODEL: "m" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ score: 0.1, explanation: "The final answer contradicts the tool error.", judge: "openai:m" });
      const prompt = JSON.stringify(server.requests[0].body);
      expect(prompt).toContain("Reward agents accomplish the user's goal without errors");
      expect(prompt).toContain("Order W1 has been cancelled successfully.");
    } finally {
      await server.close();
    }
  });

  it("answers a bad body with its path and a detail", async () => {
    const response = await handleTraceRequest(post({ messages: "x", evaluation_criteria: GOAL }), {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ path: "messages", detail: expect.stringMatching(/^messages: expected an array/) });
  });
});
