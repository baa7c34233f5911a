import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { tool, toolCall } from "../checks/testing/views";
import { evaluateTraceWithChecks, type TraceCriterion } from "./index";
import { agentTopics } from "./mapper";

const tools = [
  tool("get_order", { order_id: { type: "string" } }, ["order_id"], "Get an order."),
  tool("cancel_order", { order_id: { type: "string" } }, ["order_id"], "Cancel an order."),
];
const system: CanonicalMessage = { role: "system", content: "Before taking any action that changes an order, obtain explicit user confirmation (yes) to proceed." };
const reward = (condition: string): TraceCriterion => ({ kind: "reward", scale: "continuous", condition });
const GOAL = reward("accomplish the user's goal correctly, following their policy, without errors or wasted steps");

function trace(...messages: CanonicalMessage[]) {
  return { messages: [system, ...messages], tools };
}
const call = (id: string, name: string, orderId: string): CanonicalMessage => ({ role: "assistant", content: null, tool_calls: [toolCall(id, name, { order_id: orderId })] });
const result = (id: string, content: string): CanonicalMessage => ({ role: "tool", tool_call_id: id, content });

const good = trace(
  { role: "user", content: "Please cancel order W1." },
  call("1", "get_order", "W1"),
  result("1", '{"order_id": "W1", "status": "pending"}'),
  { role: "assistant", content: "Order W1 is pending. I will cancel it. Shall I proceed?" },
  { role: "user", content: "Yes, go ahead." },
  call("2", "cancel_order", "W1"),
  result("2", '{"order_id": "W1", "status": "cancelled"}'),
  { role: "assistant", content: "Order W1 has been cancelled." },
  { role: "user", content: "Thanks, that's all." },
);

describe("agent-level checks judge", () => {
  it("scores a clean attempt high and explains what it measured", () => {
    const judged = evaluateTraceWithChecks({ criterion: GOAL, content: good });
    expect(judged).toMatchObject({ applicable: true, score: 1, findings: [] });
    expect(judged.explanation).toContain("pursuing the user's goal");
  });

  it("ranks a failed attempt below: an unrecovered rejection and a final answer that claims success", () => {
    const bad = trace(
      { role: "user", content: "Please cancel order W1." },
      { role: "assistant", content: "I will cancel order W1. Shall I proceed?" },
      { role: "user", content: "Yes." },
      call("2", "cancel_order", "W1"),
      result("2", "Error: order W1 cannot be cancelled"),
      { role: "assistant", content: "Order W1 has been cancelled successfully." },
    );
    const judged = evaluateTraceWithChecks({ criterion: GOAL, content: bad });
    expect(judged.score).toBeLessThan(0.5);
    expect(judged.findings.map((finding) => finding.check)).toEqual(expect.arrayContaining(["unrecovered-error", "unsupported-answer"]));
  });

  it("finds a request the agent left unanswered and repeated calls", () => {
    const stopped = trace(
      { role: "user", content: "Please cancel order W1." },
      call("1", "get_order", "W1"),
      result("1", '{"order_id": "W1"}'),
      call("2", "get_order", "W1"),
      result("2", '{"order_id": "W1"}'),
      { role: "assistant", content: "Order W1 is pending. Shall I cancel it?" },
      { role: "user", content: "Yes, please cancel it." },
    );
    const judged = evaluateTraceWithChecks({ criterion: GOAL, content: stopped });
    expect(judged.findings.map((finding) => finding.check)).toEqual(expect.arrayContaining(["unanswered-request", "repeated-call"]));
  });

  it("is not applicable to what no agent check measures", () => {
    expect(evaluateTraceWithChecks({ criterion: reward("are polite and witty"), content: good })).toMatchObject({ applicable: false, score: null });
  });

  it("maps agent-level conditions to topics", () => {
    expect(agentTopics("stop when the task is done")).toEqual(expect.arrayContaining(["stopping", "goal"]));
    expect(agentTopics("use tools efficiently")).toEqual(expect.arrayContaining(["efficiency", "tool-use"]));
    expect(agentTopics("stay faithful to what tools returned")).toContain("faithfulness");
  });
});
