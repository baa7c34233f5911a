import { describe, expect, it } from "vitest";
import { formatPercent, plural } from "./format";

describe("formatPercent", () => {
  it("reads a share as a whole percent", () => {
    expect(formatPercent(0.5)).toBe("50%");
    expect(formatPercent(0.874)).toBe("87%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(0)).toBe("0%");
  });

  it("never says 100% of what is not all, nor 0% of what is not nothing", () => {
    expect(formatPercent(1 - 5 / 1164)).toBe("99.6%");
    expect(formatPercent(1 - 1 / 1_000_000)).toBe("99.9%");
    expect(formatPercent(5 / 1164)).toBe("0.4%");
    expect(formatPercent(1 / 1_000_000)).toBe("0.1%");
  });

  it("gives the placeholder for no value", () => {
    expect(formatPercent(null)).toBe("–");
    expect(formatPercent(undefined, "—")).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("–");
  });
});

describe("plural", () => {
  it("says one or many, with the count", () => {
    expect(plural(1, "warning")).toBe("1 warning");
    expect(plural(2, "warning")).toBe("2 warnings");
    expect(plural(1_164, "failure")).toBe("1,164 failures");
  });
});
