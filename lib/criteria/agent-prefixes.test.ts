import { describe, expect, it } from "vitest";
import { parseAgentCriterion } from "./agent-prefixes";
import { parseCriterion } from "./parse";

describe("parseAgentCriterion", () => {
  it("reads the four agent prefixes in any letter case and spacing", () => {
    expect(parseAgentCriterion("Reward agents that accomplish the user's goal")).toEqual({
      ok: true,
      criterion: { text: "Reward agents that accomplish the user's goal", kind: "reward", scale: "continuous", condition: "accomplish the user's goal" },
    });
    expect(parseAgentCriterion("  PENALIZE   AGENTS which repeat calls ")).toMatchObject({ ok: true, criterion: { kind: "penalize", condition: "repeat calls" } });
    expect(parseAgentCriterion("agent passes if it stops when done")).toMatchObject({ ok: true, criterion: { kind: "passes-if", scale: "binary", condition: "it stops when done" } });
    expect(parseAgentCriterion("Agent fails if it ignores tool errors")).toMatchObject({ ok: true, criterion: { kind: "fails-if", condition: "it ignores tool errors" } });
  });

  it("refuses tool-call criteria with a pointer to /reward, and text with no prefix", () => {
    const toolCall = parseAgentCriterion("Reward tool calls that select appropriate tools");
    expect(toolCall).toEqual({ ok: false, message: expect.stringContaining("send it to /api/v1/evals/reward") });
    const none = parseAgentCriterion("Agents should be nice");
    expect(none).toEqual({ ok: false, message: expect.stringContaining('"Reward agents …", "Penalize agents …", "Agent passes if …", "Agent fails if …"') });
    expect(parseAgentCriterion("Rewarded agents that x").ok).toBe(false);
  });

  it("needs a condition after the prefix", () => {
    expect(parseAgentCriterion("Reward agents")).toEqual({ ok: false, message: expect.stringContaining("must be followed by the condition") });
  });

  it("leaves the tool-call parser as it was: agent prefixes are not tool-call criteria", () => {
    expect(parseCriterion("Reward agents that accomplish the goal").ok).toBe(false);
    expect(parseCriterion("Reward tool calls that use the right tool")).toMatchObject({ ok: true, criterion: { kind: "reward" } });
  });
});
