import { describe, expect, it } from "vitest";
import { closestByFirstWords, editDistance } from "./suggest";

describe("editDistance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });
});

describe("closestByFirstWords", () => {
  it("compares only as many words as the candidate has", () => {
    expect(closestByFirstWords("Tool call pass if a b c d e f g", ["Reward tool calls", "Tool call passes if"])).toBe("Tool call passes if");
    expect(closestByFirstWords("reward tool call that", ["Reward tool calls", "Tool call passes if"])).toBe("Reward tool calls");
  });
});
