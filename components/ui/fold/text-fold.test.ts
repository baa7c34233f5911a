import { describe, expect, it } from "vitest";
import { showAllLabel, textFold } from "./text-fold";

const limits = { maxChars: 20, maxLines: 3 };

describe("textFold", () => {
  it("leaves a text within both limits open", () => {
    expect(textFold("short", limits)).toBeNull();
    expect(textFold("a\nb\nc", limits)).toBeNull();
    expect(textFold("x".repeat(20), limits)).toBeNull();
  });

  it("folds a text past the character limit", () => {
    expect(textFold("x".repeat(21), limits)).toEqual({ lines: 1, chars: 21 });
  });

  it("folds a text past the line limit even when it is short", () => {
    expect(textFold("a\nb\nc\nd", limits)).toEqual({ lines: 4, chars: 7 });
  });
});

describe("showAllLabel", () => {
  it("counts lines, or characters for one long line", () => {
    expect(showAllLabel({ lines: 48, chars: 2400 })).toBe("Show all (48 lines)");
    expect(showAllLabel({ lines: 1, chars: 2400 })).toBe("Show all (2,400 characters)");
  });
});
