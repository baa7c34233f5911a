import { describe, expect, it } from "vitest";
import { evaluateAgentWithChecks, type AgentCriterion } from "@/lib/judging/judges/agent";
import { AGENT_CHECKS } from "@/lib/judging/judges/agent/checks";
import { tool, toolCall } from "@/lib/judging/judges/checks/test-fixtures/views";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { rankingAccuracy, sameModelPairs, type Attempt } from "../../scripts/bench-agent-ranking";
import { CANDIDATE_CHECKS, betterOptionShown, unsupportedIdentifier, userCorrects, userRepeats } from "./bench-agent-candidates";
import { applyVariant, changedSomething } from "./bench-agent-signals";

const attempt = (pair: string, success: boolean, model: string | null, tag: string): Attempt => ({
  pair,
  category: pair.split("/")[0],
  success,
  model,
  agent: null,
  transcript: { messages: [{ role: "user", content: tag }], tools: [], metadata: {} },
});

describe("rankingAccuracy", () => {
  const attempts = [attempt("a/1", true, "m", "s1"), attempt("a/1", false, "m", "f1"), attempt("a/1", false, "n", "f2"), attempt("a/2", true, "m", "s2"), attempt("a/2", false, "m", "f3")];
  const scores: Record<string, number> = { s1: 0.9, f1: 0.5, f2: 0.9, s2: 0.2, f3: 0.8 };
  const score = (entry: Attempt) => scores[entry.transcript.messages[0].content ?? ""];

  it("counts a success ranked above a failure of the same task as right, a tie as half", () => {
    const figures = rankingAccuracy(attempts, score);
    // task 1: s1 > f1 (1), s1 = f2 (0.5); task 2: s2 < f3 (0)
    expect(figures).toMatchObject({ pairs: 3, decided: 2, tasks: 2 });
    expect(figures.accuracy).toBeCloseTo(1.5 / 3);
    expect(figures.decidedAccuracy).toBeCloseTo(0.5);
    expect(figures.taskWeighted).toBeCloseTo((0.75 + 0) / 2);
  });

  it("keeps only the pairs of one model when asked", () => {
    const figures = rankingAccuracy(attempts, score, sameModelPairs);
    expect(figures.pairs).toBe(2);
    expect(figures.accuracy).toBeCloseTo(0.5);
  });
});

describe("variants of the built-in checks", () => {
  it("drops a built-in check and adds a candidate", () => {
    const checks = applyVariant("-answered-without-looking,+user-repeats", AGENT_CHECKS, CANDIDATE_CHECKS);
    expect(checks.map((check) => check.id)).not.toContain("answered-without-looking");
    expect(checks).toContain(userRepeats);
    expect(checks).toHaveLength(AGENT_CHECKS.length);
  });

  it("refuses an unknown check or candidate, or a change without a sign, naming what exists", () => {
    expect(() => applyVariant("-no-such-check", AGENT_CHECKS, CANDIDATE_CHECKS)).toThrow(/no built-in check "no-such-check".*unrecovered-error/);
    expect(() => applyVariant("+nothing", AGENT_CHECKS, CANDIDATE_CHECKS)).toThrow(/no candidate "nothing".*user-repeats/);
    expect(() => applyVariant("user-repeats", AGENT_CHECKS, CANDIDATE_CHECKS)).toThrow(/must start with - .* or \+/);
  });

  it("gives a candidate another penalty after @, and refuses one outside 0 to 1", () => {
    const [weighted] = applyVariant("+user-repeats@0.01", [], CANDIDATE_CHECKS);
    const messages: CanonicalMessage[] = [
      { role: "user", content: "Please change my order to the blue one" },
      { role: "assistant", content: "Which order?" },
      { role: "user", content: "Please change my order to the blue one!" },
    ];
    const hits = weighted.run({ messages, calls: [], answer: null, callProblems: [], lookupOffered: false, reference: null });
    expect(hits.map((hit) => hit.penalty)).toEqual([0.01]);
    expect(() => applyVariant("+user-repeats@2", [], CANDIDATE_CHECKS)).toThrow(/from 0 to 1, not "2"/);
    expect(() => applyVariant("+user-repeats@", [], CANDIDATE_CHECKS)).toThrow(/from 0 to 1/);
  });

  it("judges with the given checks only", () => {
    const criterion: AgentCriterion = { kind: "reward", scale: "continuous", condition: "behave well overall" };
    const content = {
      messages: [
        { role: "user", content: "Please change my order to the blue one, size medium, thanks" },
        { role: "assistant", content: "Which order?" },
        { role: "user", content: "Please change my order to the blue one, size medium, thanks!" },
      ] satisfies CanonicalMessage[],
      tools: [],
    };
    const ids = (checks: Parameters<typeof evaluateAgentWithChecks>[1]) => evaluateAgentWithChecks({ criterion, content }, checks).findings.map((finding) => finding.check);
    expect(ids(AGENT_CHECKS)).not.toContain("user-repeats");
    expect(ids(applyVariant("+user-repeats", AGENT_CHECKS, CANDIDATE_CHECKS))).toContain("user-repeats");
  });
});

const context = (messages: CanonicalMessage[], tools = [tool("get_item", { id: { type: "string" } }), tool("exchange_item", { item_id: { type: "string" } }, [], "Exchange an item.")]) => {
  const content = { messages, tools };
  const criterion: AgentCriterion = { kind: "reward", scale: "continuous", condition: "behave well overall" };
  return (check: (typeof CANDIDATE_CHECKS)[number]) => evaluateAgentWithChecks({ criterion, content }, [check]).findings;
};

describe("changedSomething", () => {
  const tools = [tool("get_order", { id: { type: "string" } }), tool("cancel_order", { id: { type: "string" } }, [], "Cancel an order.")];
  const withResponse = (name: string, response: string): Attempt => ({
    ...attempt("a/1", true, null, ""),
    transcript: { messages: [{ role: "user", content: "Cancel W1" }, { role: "assistant", content: null, tool_calls: [toolCall("1", name, { id: "W1" })] }, { role: "tool", tool_call_id: "1", content: response }], tools, metadata: {} },
  });

  it("is true for a change that succeeded, false for a lookup or a rejected change", () => {
    expect(changedSomething(withResponse("cancel_order", '{"status": "cancelled"}'))).toBe(true);
    expect(changedSomething(withResponse("get_order", '{"status": "pending"}'))).toBe(false);
    expect(changedSomething(withResponse("cancel_order", "Error: order W1 not found"))).toBe(false);
  });
});

describe("candidate checks", () => {
  it("user-corrects: a user turn opening with no, in several languages, but not a closing one", () => {
    const judge = context([
      { role: "user", content: "Cambia mi pedido." },
      { role: "assistant", content: "¿Lo cancelo?" },
      { role: "user", content: "No, quiero cambiarlo, no cancelarlo." },
      { role: "assistant", content: "Listo. ¿Algo más?" },
      { role: "user", content: "Nein, danke." },
    ]);
    expect(judge(userCorrects)).toHaveLength(1);
    const closing = context([
      { role: "user", content: "Change my order." },
      { role: "assistant", content: "Done. Anything else?" },
      { role: "user", content: "No, that's all." },
      { role: "assistant", content: "Bye." },
      { role: "user", content: "Bye." },
    ]);
    expect(closing(userCorrects)).toHaveLength(0);
  });

  it("user-repeats: the same request again, in any script, not a different one", () => {
    const judge = context([
      { role: "user", content: "注文 の 色 を 青 に 変えて ください" },
      { role: "assistant", content: "はい" },
      { role: "user", content: "注文 の 色 を 青 に 変えて ください !" },
    ]);
    expect(judge(userRepeats)).toHaveLength(1);
    const different = context([
      { role: "user", content: "I want to change the colour of my order" },
      { role: "assistant", content: "Which colour?" },
      { role: "user", content: "Blue would be great, size medium please" },
    ]);
    expect(different(userRepeats)).toHaveLength(0);
  });

  it("better-option-shown: another listed option has more of the user's words than the one picked", () => {
    const options = JSON.stringify({ variants: { "1001": { item_id: "1001", options: { color: "red", size: "S" } }, "1002": { item_id: "1002", options: { color: "blue", size: "M" } } } });
    const run = (picked: string, request: string) =>
      context([
        { role: "user", content: request },
        { role: "assistant", content: null, tool_calls: [toolCall("1", "get_item", { id: "P1" })] },
        { role: "tool", tool_call_id: "1", content: options },
        { role: "assistant", content: null, tool_calls: [toolCall("2", "exchange_item", { item_id: picked })] },
        { role: "tool", tool_call_id: "2", content: '{"ok": true}' },
      ])(betterOptionShown);
    expect(run("1001", "I'd like the blue one in M")).toHaveLength(1);
    expect(run("1002", "I'd like the blue one in M")[0]).toBeUndefined();
    // Paraphrased and in French: "bleu" is not "blue", so nothing to go on and nothing found.
    expect(run("1001", "Je voudrais le bleu, taille moyenne")).toHaveLength(0);
  });

  it("unsupported-identifier: an identifier no message gave, not an ordinal, a time or one a tool returned", () => {
    const judge = context([
      { role: "user", content: "Ich möchte meine Buchung vom 20. Mai um 10am ändern." },
      { role: "assistant", content: null, tool_calls: [toolCall("1", "get_item", { id: "me" })] },
      { role: "tool", tool_call_id: "1", content: '{"bookings": ["ZFA04Y"]}' },
      { role: "assistant", content: "Your booking ZFA04Y on the 20th at 10am, 24-hour rule: I will use user id sara_doe_496." },
    ]);
    expect(judge(unsupportedIdentifier).map((finding) => finding.message)).toEqual([expect.stringContaining("sara_doe_496")]);
  });
});
