import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { tool, toolCall } from "../checks/test-fixtures/views";
import { evaluateAgentWithChecks, type AgentCriterion } from "./index";
import { agentTopics } from "./mapper";

const tools = [
  tool("get_order", { order_id: { type: "string" } }, ["order_id"], "Get an order."),
  tool("cancel_order", { order_id: { type: "string" } }, ["order_id"], "Cancel an order."),
];
const system: CanonicalMessage = { role: "system", content: "Before taking any action that changes an order, obtain explicit user confirmation (yes) to proceed." };
const reward = (condition: string): AgentCriterion => ({ kind: "reward", scale: "continuous", condition });
const GOAL = reward("accomplish the user's goal correctly, following their policy, without errors or wasted steps");
// No subject named: every structural topic.
const OVERALL = reward("behave well overall");

function transcript(...messages: CanonicalMessage[]) {
  return { messages: [system, ...messages], tools };
}
const call = (id: string, name: string, orderId: string): CanonicalMessage => ({ role: "assistant", content: null, tool_calls: [toolCall(id, name, { order_id: orderId })] });
const result = (id: string, content: string): CanonicalMessage => ({ role: "tool", tool_call_id: id, content });

const good = transcript(
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
    const judged = evaluateAgentWithChecks({ criterion: OVERALL, content: good });
    expect(judged).toMatchObject({ applicable: true });
    expect(judged.score).toBeGreaterThanOrEqual(0.8);
    // One lookup before the change grades exploration; it is a note, not a problem.
    expect(judged.findings).toEqual([expect.objectContaining({ check: "acted-before-looking", severity: "info" })]);
    expect(judged.explanation).toContain("exploring before acting");
    expect(judged.explanation).toContain("Found no problem (and 1 note)");
  });

  it("leaves the user's goal and the policy to an LLM judge: not applicable unless a check it names finds a problem", () => {
    const clean = evaluateAgentWithChecks({ criterion: GOAL, content: good });
    expect(clean).toMatchObject({ applicable: false, score: null });
    expect(clean.explanation).toContain("Policy compliance and whether the user's goal was accomplished need an LLM judge: choose OpenAI-compatible or Anthropic.");
    const goalOnly = evaluateAgentWithChecks({ criterion: reward("accomplish the user's goal"), content: good });
    expect(goalOnly).toMatchObject({ applicable: false, measuredBy: [] });
    expect(goalOnly.explanation).toMatch(/^Built-in judge: not measured\./);
  });

  it("ranks a failed attempt below: an unrecovered rejection and a final answer that claims success", () => {
    const bad = transcript(
      { role: "user", content: "Please cancel order W1." },
      { role: "assistant", content: "I will cancel order W1. Shall I proceed?" },
      { role: "user", content: "Yes." },
      call("2", "cancel_order", "W1"),
      result("2", "Error: order W1 cannot be cancelled"),
      { role: "assistant", content: "Order W1 has been cancelled successfully." },
    );
    const judged = evaluateAgentWithChecks({ criterion: OVERALL, content: bad });
    expect(judged.score).toBeLessThan(0.5);
    expect(judged.findings.map((finding) => finding.check)).toEqual(expect.arrayContaining(["unrecovered-error", "unsupported-answer"]));
    // A problem the goal criterion names (an error) is evidence, and the explanation says what was not measured.
    const goal = evaluateAgentWithChecks({ criterion: GOAL, content: bad });
    expect(goal).toMatchObject({ applicable: true });
    expect(goal.explanation).toContain("Not measured: policy compliance and whether the user's goal was accomplished need an LLM judge");
  });

  it("finds a request the agent left unanswered and repeated calls", () => {
    const stopped = transcript(
      { role: "user", content: "Please cancel order W1." },
      call("1", "get_order", "W1"),
      result("1", '{"order_id": "W1"}'),
      call("2", "get_order", "W1"),
      result("2", '{"order_id": "W1"}'),
      { role: "assistant", content: "Order W1 is pending. Shall I cancel it?" },
      { role: "user", content: "Yes, please cancel it." },
    );
    const judged = evaluateAgentWithChecks({ criterion: OVERALL, content: stopped });
    expect(judged.findings.map((finding) => finding.check)).toEqual(expect.arrayContaining(["unanswered-request", "repeated-call"]));
    // After a change of state, the same lookup checks the change: no repeat.
    const rechecked = transcript(
      { role: "user", content: "Please cancel order W1." },
      call("1", "get_order", "W1"),
      result("1", '{"order_id": "W1", "status": "pending"}'),
      { role: "assistant", content: "I will cancel order W1. Shall I proceed?" },
      { role: "user", content: "Yes." },
      call("2", "cancel_order", "W1"),
      result("2", '{"order_id": "W1", "status": "cancelled"}'),
      call("3", "get_order", "W1"),
      result("3", '{"order_id": "W1", "status": "cancelled"}'),
      { role: "assistant", content: "Order W1 is cancelled." },
    );
    expect(evaluateAgentWithChecks({ criterion: OVERALL, content: rechecked }).findings.map((finding) => finding.check)).not.toContain("repeated-call");
    // A user who ends the conversation with an end-of-conversation marker is owed no answer.
    for (const marker of ["###STOP###", "###TRANSFER###", "TERMINATE"]) {
      const ended = transcript(...stopped.messages.slice(1, -1), { role: "user", content: `Yes, please cancel it. Thank you.  ${marker}` });
      expect(evaluateAgentWithChecks({ criterion: OVERALL, content: ended }).findings.map((finding) => finding.check)).not.toContain("unanswered-request");
    }
  });

  it("grades exploration: the more distinct lookups answered before the first change, the higher", () => {
    const blind = transcript({ role: "user", content: "Please cancel order W1." }, { role: "assistant", content: "I will cancel order W1. Shall I proceed?" }, { role: "user", content: "Yes." }, call("2", "cancel_order", "W1"), result("2", '{"order_id": "W1", "status": "cancelled"}'));
    const thorough = transcript(
      { role: "user", content: "Please cancel order W1." },
      call("1", "get_order", "W1"),
      result("1", '{"order_id": "W1", "status": "pending", "related": "W2"}'),
      call("3", "get_order", "W2"),
      result("3", '{"order_id": "W2", "status": "delivered"}'),
      // The same lookup again is not more exploration.
      call("4", "get_order", "W2"),
      result("4", '{"order_id": "W2", "status": "delivered"}'),
      { role: "assistant", content: "Order W1 is pending. I will cancel it. Shall I proceed?" },
      { role: "user", content: "Yes, go ahead." },
      call("2", "cancel_order", "W1"),
      result("2", '{"order_id": "W1", "status": "cancelled"}'),
    );
    const scores = [blind, good, thorough].map((content) => evaluateAgentWithChecks({ criterion: reward("explore before acting"), content }));
    expect(scores[0].findings).toEqual([expect.objectContaining({ check: "acted-before-looking", severity: "minor", message: expect.stringContaining("before anything was looked up") })]);
    expect(scores[2].findings.find((finding) => finding.check === "acted-before-looking")?.message).toContain("after 2 distinct lookups");
    expect(scores[0].score).toBeLessThan(scores[1].score as number);
    expect(scores[1].score).toBeLessThan(scores[2].score as number);
  });

  it("grades exploration when the agent changed nothing: an answer after looking ranks above one after none", () => {
    const question = { role: "user", content: "Is order W1 still pending?" } as const;
    const guessed = transcript(question, { role: "assistant", content: "Yes, order W1 is pending." });
    const looked = transcript(question, call("1", "get_order", "W1"), result("1", '{"order_id": "W1", "status": "pending"}'), { role: "assistant", content: "Yes, order W1 is pending." });
    const rejected = transcript(question, call("1", "get_order", "W1"), result("1", "Error: no such order"), { role: "assistant", content: "I could not find order W1." });
    const [blind, checked, failed] = [guessed, looked, rejected].map((content) => evaluateAgentWithChecks({ criterion: reward("explore before acting"), content }));
    expect(blind.findings).toEqual([expect.objectContaining({ check: "answered-without-looking", severity: "minor" })]);
    expect(checked.findings).toEqual([expect.objectContaining({ check: "answered-without-looking", severity: "info", message: expect.stringContaining("1 distinct lookup that answered") })]);
    // A lookup the tool rejected showed nothing.
    expect(failed.findings).toContainEqual(expect.objectContaining({ check: "answered-without-looking", severity: "minor" }));
    expect(blind.score).toBeLessThan(checked.score as number);
    // Once a change is made, the first change is what exploration is graded by.
    expect(evaluateAgentWithChecks({ criterion: GOAL, content: good }).findings.map((finding) => finding.check)).not.toContain("answered-without-looking");
  });

  it("finds a change made on a value no earlier tool result showed", () => {
    const unverified = transcript(
      { role: "user", content: "Please cancel order W1, or W7 if that one is gone." },
      call("1", "get_order", "W1"),
      result("1", '{"order_id": "W1", "status": "pending"}'),
      { role: "assistant", content: "I will cancel order W7. Shall I proceed?" },
      { role: "user", content: "Yes." },
      call("2", "cancel_order", "W7a"),
      result("2", '{"order_id": "W7a", "status": "cancelled"}'),
    );
    const explore = reward("verify what they act on");
    const judged = evaluateAgentWithChecks({ criterion: explore, content: unverified });
    expect(judged.findings).toContainEqual(expect.objectContaining({ check: "unverified-change", message: expect.stringContaining('"W7a"') }));
    expect(evaluateAgentWithChecks({ criterion: explore, content: good }).findings.map((finding) => finding.check)).not.toContain("unverified-change");
    // It says how the agent explored, not whether it reached the goal: acting on values the user
    // gave is often the work itself.
    expect(evaluateAgentWithChecks({ criterion: GOAL, content: unverified }).findings.map((finding) => finding.check)).not.toContain("unverified-change");
  });

  it("counts a rejected call the agent then got right as a wasted step, not as an unrecovered error", () => {
    const retried = transcript(
      { role: "user", content: "Please cancel order W1." },
      call("1", "get_order", "w-1"),
      result("1", "Error: no order w-1"),
      call("3", "get_order", "W1"),
      result("3", '{"order_id": "W1", "status": "pending"}'),
      { role: "assistant", content: "Order W1 is pending. Shall I cancel it?" },
      { role: "user", content: "Yes, go ahead." },
      call("2", "cancel_order", "W1"),
      result("2", '{"order_id": "W1", "status": "cancelled"}'),
      { role: "assistant", content: "Order W1 has been cancelled." },
    );
    const checks = evaluateAgentWithChecks({ criterion: OVERALL, content: retried }).findings.map((finding) => finding.check);
    expect(checks).toContain("recovered-error");
    expect(checks).not.toContain("unrecovered-error");
  });

  it("fails a pass/fail criterion on what its findings show, however mild: agreeing with the call-level verdict", () => {
    const unconfirmed = transcript({ role: "user", content: "Please cancel order W1." }, call("1", "get_order", "W1"), result("1", '{"order_id": "W1"}'), call("2", "cancel_order", "W1"), result("2", '{"status": "cancelled"}'), {
      role: "assistant",
      content: "Order W1 is cancelled.",
    });
    const judged = evaluateAgentWithChecks({ criterion: { kind: "fails-if", scale: "binary", condition: "it changes something the user did not explicitly confirm" }, content: unconfirmed });
    expect(judged).toMatchObject({ applicable: true, passed: false, score: 0 });
    expect(judged.explanation).toContain("Found 1 problem");
    expect(judged.explanation).toContain("so the agent fails");
    expect(evaluateAgentWithChecks({ criterion: { kind: "fails-if", scale: "binary", condition: "it changes something the user did not explicitly confirm" }, content: good })).toMatchObject({ passed: true });
  });

  it("is not applicable to what no agent check measures", () => {
    expect(evaluateAgentWithChecks({ criterion: reward("are polite and witty"), content: good })).toMatchObject({ applicable: false, score: null });
  });

  it("maps agent-level conditions to topics", () => {
    expect(agentTopics("stop when the task is done")).toEqual(["stopping"]);
    expect(agentTopics("ask for confirmation before any change")).toEqual(["confirmation"]);
    // "Tools" only says where to look; "the right tools" is about tool use itself.
    expect(agentTopics("use tools efficiently")).toEqual(["efficiency"]);
    expect(agentTopics("use the right tools efficiently")).toEqual(["efficiency", "tool-use"]);
    expect(agentTopics("repeat a call it already made")).toEqual(["efficiency"]);
    expect(agentTopics("stay faithful to what tools returned")).toContain("faithfulness");
  });
});
