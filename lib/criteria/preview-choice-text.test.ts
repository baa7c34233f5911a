import { describe, expect, it } from "vitest";
import { previewChoiceText } from "./preview-choice-text";

describe("previewChoiceText", () => {
  it("says how many calls shown the criteria apply to, and among how many calls they were found", () => {
    expect(previewChoiceText({ kind: "screened", looked: 100, applicable: 5 }, 5, 2)).toBe("All 5 calls shown are ones the criteria apply to, found among the 100 most recent calls read by the built-in checks.");
    expect(previewChoiceText({ kind: "screened", looked: 32, applicable: 2 }, 5, 1)).toBe(
      "2 of 5 calls shown are ones the criterion applies to, the only ones among the 32 most recent calls read by the built-in checks; the other 3 are calls it does not apply to.",
    );
    expect(previewChoiceText({ kind: "screened", looked: 1, applicable: 1 }, 1, 1)).toBe("The call shown is one the criterion applies to, found among the 1 most recent call read by the built-in checks.");
  });

  it("says when nothing applies, and when nothing could tell", () => {
    expect(previewChoiceText({ kind: "screened", looked: 40, applicable: 0 }, 5, 1)).toBe("The criterion applies to none of the 40 most recent calls read by the built-in checks: the calls shown are a sample of them.");
    expect(previewChoiceText({ kind: "sampled" }, 5, 1)).toBe("The built-in checks do not measure this criterion, so nothing tells which calls it applies to: the calls shown are a sample of the most recent.");
    expect(previewChoiceText({ kind: "sampled" }, 5, 2)).toBe("The built-in checks measure none of these criteria, so nothing tells which calls they apply to: the calls shown are a sample of the most recent.");
  });
});
