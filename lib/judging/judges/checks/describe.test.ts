import { describe, expect, it } from "vitest";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { describeForChecks } from ".";

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};

describe("describeForChecks", () => {
  it("names the checks and how each view is judged", () => {
    const plan = describeForChecks(criterion("Tool call passes if the selected tool and every argument correctly fulfil the user's request"));
    expect(plan).toMatchObject({ measurable: true, immediate: "measured", hindsight: "measured" });
    expect(plan.checks.map((check) => check.id)).toEqual(expect.arrayContaining(["schema-violation", "ungrounded-value", "tool-error"]));
    expect(plan.summary).toContain("Before the tool's response it uses");
  });

  it("says when a criterion needs the response", () => {
    expect(describeForChecks(criterion("Penalize tool calls that fail with an error")).immediate).toBe("predictive-only");
    expect(describeForChecks(criterion("Tool call passes if the tool returned a result without errors")).immediate).toBe("predictive-only");
  });

  it("says when nothing measures a criterion, and what to use instead", () => {
    const plan = describeForChecks(criterion("Reward tool calls that are polite and witty"));
    expect(plan.measurable).toBe(false);
    expect(plan.summary).toContain("LLM judge");
  });
});
