import { describe, expect, it } from "vitest";
import { parseScopedCriterion, scopedCriterionTextSchema, scopeOf } from "./scope";

describe("parseScopedCriterion", () => {
  it("reads tool-call criteria as scope call and agent criteria as scope agent, in any case", () => {
    expect(parseScopedCriterion("Reward tool calls that pick the right tool")).toMatchObject({ ok: true, scope: "call", criterion: { kind: "reward", condition: "pick the right tool" } });
    expect(parseScopedCriterion("reward AGENTS that accomplish the user's goal")).toMatchObject({ ok: true, scope: "agent", criterion: { kind: "reward", scale: "continuous", condition: "accomplish the user's goal" } });
    expect(parseScopedCriterion("Agent fails if it ignores tool errors")).toMatchObject({ ok: true, scope: "agent", criterion: { kind: "fails-if", scale: "binary" } });
    expect(parseScopedCriterion("Penalize agents that repeat calls")).toMatchObject({ ok: true, scope: "agent", criterion: { kind: "penalize" } });
    expect(parseScopedCriterion("agent passes if it stops when done")).toMatchObject({ ok: true, scope: "agent", criterion: { kind: "passes-if" } });
  });

  it("names both sets of prefixes when neither matches", () => {
    const parsed = parseScopedCriterion("Agents should be nice");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toContain('"Reward tool calls …"');
    expect(parsed.message).toContain('"Reward agents …", "Penalize agents …", "Agent passes if …", "Agent fails if …"');
  });

  it("says an agent prefix needs a condition", () => {
    expect(parseScopedCriterion("Reward agents")).toEqual({ ok: false, message: expect.stringContaining('"Reward agents" must be followed by the condition') });
    expect(parseScopedCriterion("Tool call fails if")).toEqual({ ok: false, message: expect.stringContaining('"Tool call fails if" must be followed by the condition') });
  });

  it("gives the scope of stored texts, and a field schema for both scopes", () => {
    expect(scopeOf("Agent passes if it answers the user")).toBe("agent");
    expect(scopeOf("Tool call passes if it works")).toBe("call");
    expect(scopedCriterionTextSchema.safeParse("  Reward agents that finish ").data).toBe("Reward agents that finish");
    expect(scopedCriterionTextSchema.safeParse("Grade agents").success).toBe(false);
  });
});
