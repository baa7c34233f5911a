import { describe, expect, it } from "vitest";
import { describeChange, formatMeasure } from "./trend-words";

describe("trend wording", () => {
  it("says a pass rate in percent and a mean score to two places", () => {
    expect(formatMeasure(0.25, "pass rate")).toBe("25%");
    expect(formatMeasure(0.625, "mean score")).toBe("0.63");
  });

  it("says what changed at a mark, from what to what", () => {
    expect(describeChange({ dimension: "model", before: ["gpt-4.1"], after: ["gpt-4.1", "gpt-5"] })).toBe("Model changed: gpt-4.1 → gpt-4.1, gpt-5");
    expect(describeChange({ dimension: "prompt", before: [], after: ["v2"] })).toBe("Prompt version changed: none → v2");
  });
});
