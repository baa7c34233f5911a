import { describe, expect, it } from "vitest";
import { CHECK_INFOS } from "./checks";
import { criterionWarnings } from "./criterion-warnings";
import type { JudgeChoice } from "./measured-by";

const checks: JudgeChoice = { kind: "checks", label: "Built-in checks", id: "checks", configured: true };
const MEASURABLE = "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result";
const UNMEASURABLE = "Reward tool calls that are witty";
const RESPONSE_ONLY = "Penalize tool calls whose response reports an error";

describe("criterionWarnings", () => {
  it("warns of a criterion the built-in judge cannot measure, by its place in the request", () => {
    const warnings = criterionWarnings(checks, [MEASURABLE, UNMEASURABLE], "auto", CHECK_INFOS);
    expect(warnings).toEqual([{ path: "criteria[1]", message: expect.stringContaining("cannot measure this criterion") }]);
  });

  it("warns of a criterion about what no rule can read, naming the judges that can", () => {
    expect(criterionWarnings(checks, ["Reward tool calls that follow the policy in the system prompt"], "auto", CHECK_INFOS)).toEqual([
      { path: "criteria[0]", message: "The built-in judge cannot read policy compliance: every result would be not applicable. Choose an LLM judge (OpenAI-compatible or Anthropic) for this criterion." },
    ]);
  });

  it("warns of a criterion about the response only when the mode never sees the response", () => {
    expect(criterionWarnings(checks, [RESPONSE_ONLY], "immediate", CHECK_INFOS)).toEqual([{ path: "criteria[0]", message: expect.stringMatching(/not applicable.*tool's response/) }]);
    expect(criterionWarnings(checks, [RESPONSE_ONLY], "hindsight", CHECK_INFOS)).toEqual([]);
  });

  it("has nothing to say of an LLM judge that is configured", () => {
    const openai: JudgeChoice = { kind: "openai", label: "OpenAI-compatible", id: "openai:gpt-4.1-mini", configured: true, model: "gpt-4.1-mini" };
    expect(criterionWarnings(openai, [UNMEASURABLE], "auto", CHECK_INFOS)).toEqual([]);
  });
});
