import { describe, expect, it } from "vitest";
import { trimEndMatching, trimMatching } from "./text-trim";

describe("trimEndMatching", () => {
  it("removes characters of the class from the end only", () => {
    expect(trimEndMatching("Done.!.", /[.!]/)).toBe("Done");
    expect(trimEndMatching("..a..", /\./)).toBe("..a");
    expect(trimEndMatching("abc", /\./)).toBe("abc");
    expect(trimEndMatching("...", /\./)).toBe("");
    expect(trimEndMatching("", /\./)).toBe("");
    expect(trimEndMatching("name ,\u00a0.\n", /[\s,;:.]/)).toBe("name");
  });

  it("takes a long run in one pass", () => {
    expect(trimEndMatching(`a${" ".repeat(1_000_000)}b`, /\s/)).toBe(`a${" ".repeat(1_000_000)}b`);
    expect(trimEndMatching(`a${" ".repeat(1_000_000)}`, /\s/)).toBe("a");
  });
});

describe("trimMatching", () => {
  it("removes characters of the class from both ends", () => {
    expect(trimMatching("-.run-name.-", /[-.]/)).toBe("run-name");
    expect(trimMatching("---", /-/)).toBe("");
    expect(trimMatching("name", /-/)).toBe("name");
  });
});
