import { describe, expect, it } from "vitest";
import { CRITERIA_LIBRARY } from "@/lib/criteria/library";
import { CHECK_INFOS } from "./checks";
import { describeMeasurement, type JudgeChoice } from "./measured-by";

const checks: JudgeChoice = { kind: "checks", label: "Built-in checks", id: "checks", configured: true };
const openai: JudgeChoice = { kind: "openai", label: "OpenAI-compatible", id: "openai:gpt-4.1-mini", configured: true, model: "gpt-4.1-mini" };
const anthropicMissing: JudgeChoice = { kind: "anthropic", label: "Anthropic", id: "anthropic:claude-sonnet-4-5", configured: false, reason: "set ANTHROPIC_API_KEY" };

const plan = (judge: JudgeChoice, text: string, mode: Parameters<typeof describeMeasurement>[2] = "auto") => {
  const described = describeMeasurement(judge, text, mode, CHECK_INFOS);
  if (!described.ok) throw new Error(described.message);
  return described;
};

describe("describeMeasurement with the built-in judge", () => {
  it("names the checks of a criterion about tool choice and arguments, which need no response", () => {
    const described = plan(checks, "Reward tool calls that select the most appropriate of the offered tools for the user's request");
    expect(described).toMatchObject({ measurable: true, warning: null });
    expect(described.measuredBy).toMatch(/^Measured by the built-in checks on tool selection/);
    expect(described.measuredBy).toContain("poor tool choice");
    expect(described.checks?.checks.map((check) => check.id)).toContain("poor-tool-choice");
  });

  it("says which checks only hindsight can run", () => {
    const described = plan(checks, "Reward tool calls that select appropriate tools and provide accurate parameters");
    expect(described.details[0]).toMatch(/^Partly depends on the tool's response: tool error only in hindsight/);
  });

  it("warns that a criterion about the response is mostly not applicable in immediate mode, and not in hindsight", () => {
    const text = "Tool call fails if the tool returns an error";
    const immediate = plan(checks, text, "immediate");
    expect(immediate.details[0]).toMatch(/^Depends on the tool's response/);
    expect(immediate.warning).toMatch(/In immediate mode most results would be not applicable/);
    expect(plan(checks, text, "hindsight").warning).toBeNull();
    expect(plan(checks, text, "auto").warning).toBeNull();
  });

  it("refuses nothing but warns when no check applies, whatever the mode", () => {
    for (const text of ["Reward tool calls that are witty", "Tool call passes if the agent greets the customer by name"]) {
      for (const mode of ["auto", "immediate", "hindsight", "both"] as const) {
        const described = plan(checks, text, mode);
        expect(described.measurable).toBe(false);
        expect(described.measuredBy).toBe("Measured by nothing: no built-in check applies.");
        expect(described.warning).toBe("The built-in judge cannot measure this criterion: every result would be not applicable. Try an LLM judge or rephrase it.");
      }
    }
  });

  it("says before anything runs that policy, goal, facts and tone are not measured, and which judge reads them", () => {
    const policy = plan(checks, "Reward tool calls that follow the airline policy in the system prompt");
    expect(policy).toMatchObject({ measurable: false, measuredBy: "Built-in judge: not measured. Policy compliance: no rule can read it." });
    expect(policy.warning).toBe("The built-in judge cannot read policy compliance: every result would be not applicable. Choose an LLM judge (OpenAI-compatible or Anthropic) for this criterion.");
    expect(policy.checks?.summary).toContain("Policy compliance needs an LLM judge: choose OpenAI-compatible or Anthropic.");
    const goal = describeMeasurement(checks, "Reward agents that accomplish the user's goal", "auto", CHECK_INFOS);
    expect(goal).toMatchObject({ ok: true, measurable: false, measuredBy: "Built-in judge: not measured. Whether the user's goal was accomplished: no rule can read it." });
    // A model reads them.
    expect(plan(openai, "Reward tool calls that follow the airline policy in the system prompt").measurable).toBe(true);
  });

  it("measures the part it can see of a criterion that also asks about the policy, and says what is left", () => {
    const mixed = plan(checks, "Tool call fails if it breaks the policy or changes data without the user's confirmation");
    expect(mixed.measurable).toBe(true);
    expect(mixed.checks?.checks.map((check) => check.id)).toEqual(["unconfirmed-action"]);
    expect(mixed.details.at(-1)).toBe(
      "Policy compliance is not measured: a result is a verdict only when the checks find a problem, otherwise it is not applicable. An LLM judge (OpenAI-compatible or Anthropic) reads it.",
    );
  });

  it("measures every criterion of the library", () => {
    for (const entry of CRITERIA_LIBRARY) expect(plan(checks, entry.text).measurable, entry.text).toBe(true);
  });
});

describe("describeMeasurement with an LLM judge", () => {
  it("names the model and what it sees in each mode", () => {
    const text = "Reward tool calls that are polite and witty";
    expect(plan(openai, text, "immediate").measuredBy).toBe("Judged by the model gpt-4.1-mini (OpenAI-compatible), from the transcript up to the call, before the tool's response (immediate).");
    expect(plan(openai, text, "hindsight").measuredBy).toContain("with the tool's response and what the assistant did next (hindsight)");
    expect(plan(openai, text, "both").measuredBy).toContain("twice");
    expect(plan(openai, text)).toMatchObject({ measurable: true, warning: null, checks: null });
  });

  it("says the scale the model answers on", () => {
    expect(plan(openai, "Tool call passes if the agent greets the customer by name").details[0]).toContain("a pass or a fail");
    expect(plan(openai, "Penalize tool calls that repeat a call already made with the same arguments").details[0]).toContain("a score from 0 to 1");
  });

  it("warns when the judge is not configured, with what to do", () => {
    const described = plan(anthropicMissing, "Reward tool calls that are polite and witty");
    expect(described.measurable).toBe(false);
    expect(described.warning).toBe("The Anthropic judge is not configured on this server: set ANTHROPIC_API_KEY.");
  });
});

it("gives the parser's message for a text that is not a criterion", () => {
  const described = describeMeasurement(checks, "Check that the agent confirms the booking", "auto", CHECK_INFOS);
  expect(described.ok).toBe(false);
  if (!described.ok) expect(described.message).toMatch(/must start with one of/);
});

describe("describeMeasurement of agent-level criteria", () => {
  it("names the agent checks that measure it with the built-in judge", () => {
    const described = plan(checks, "Penalize agents that make redundant calls");
    expect(described.measurable).toBe(true);
    expect(described.measuredBy).toMatch(/^Measured by the built-in agent checks on efficient tool use/);
    expect(described.checks?.checks.map((check) => check.id)).toContain("repeated-call");
    expect(described.details[0]).toMatch(/judged once per transcript/);
  });

  it("warns when no agent check applies, and when Composo is chosen", () => {
    expect(plan(checks, "Reward agents that dance the tango")).toMatchObject({ measurable: false, warning: expect.stringContaining("cannot measure this agent criterion") });
    expect(plan(checks, "Reward agents that write in a friendly tone")).toMatchObject({ measurable: false, warning: expect.stringContaining("cannot read helpfulness and tone") });
    const composo: JudgeChoice = { kind: "composo", label: "Composo", id: "composo", configured: true };
    expect(plan(composo, "Agent passes if it stops when done")).toMatchObject({ measurable: false, warning: expect.stringContaining("cannot judge agent-level criteria") });
    expect(plan(openai, "Agent passes if it stops when done").measuredBy).toBe("Judged by the model gpt-4.1-mini (OpenAI-compatible), given the whole transcript.");
  });
});
