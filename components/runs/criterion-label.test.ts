import { describe, expect, it } from "vitest";
import { criterionLabel } from "./criterion-label";

describe("criterionLabel", () => {
  it("prefers the user's title", () => {
    expect(criterionLabel({ title: "Right tool", text: "Reward tool calls that select the right tool" })).toBe("Right tool");
  });

  it("shows what tells criteria apart: the condition after a one-word kind", () => {
    expect(criterionLabel({ title: null, text: "Tool call passes if every identifier comes from the user" }, 60)).toBe("Passes if · every identifier comes from the user");
    expect(criterionLabel({ title: null, text: "Penalize tool calls that repeat a failed call" })).toBe("Penalize · repeat a failed call");
  });

  it("cuts long conditions at a word, with an ellipsis", () => {
    const label = criterionLabel({ title: null, text: "Reward tool calls that select appropriate tools and provide accurate parameters" });
    expect(label).toBe("Reward · select appropriate tools and…");
    expect(label.length).toBeLessThanOrEqual(40);
  });

  it("keeps text without a known prefix as it is, cut", () => {
    expect(criterionLabel({ title: null, text: "Legacy criterion" })).toBe("Legacy criterion");
  });
});
