import { describe, expect, it } from "vitest";
import { compareModes } from "./compare-modes";
import type { ModeResult } from "./mode-result";
import { storedComparison } from "./stored-comparison";

const done = (score: number | null, passed: boolean | null = null): ModeResult => ({ status: "done", score, passed, explanation: null, findings: [] });
const na: ModeResult = { status: "not-applicable", score: null, passed: null, explanation: null, findings: [] };
const pending: ModeResult = { ...na, status: "pending" };

describe("storedComparison", () => {
  it("stores delta and flip (crossing 0.5) for continuous criteria", () => {
    expect(storedComparison(compareModes(done(0.4), done(0.6), "continuous"))).toEqual({ flipped: true, delta: 0.2 });
    expect(storedComparison(compareModes(done(0.6), done(0.9), "continuous"))).toEqual({ flipped: false, delta: 0.3 });
    expect(storedComparison(compareModes(done(0.6), done(0.6), "continuous"))).toEqual({ flipped: false, delta: 0 });
    expect(storedComparison(compareModes(done(0.8), done(0.2), "continuous"))).toEqual({ flipped: true, delta: -0.6 });
  });

  it("stores the flip and no delta for binary criteria", () => {
    expect(storedComparison(compareModes(done(1, true), done(0, false), "binary"))).toEqual({ flipped: true, delta: null });
    expect(storedComparison(compareModes(done(1, true), done(1, true), "binary"))).toEqual({ flipped: false, delta: null });
  });

  it("stores nulls when the modes are not both judged", () => {
    const notComparable = [
      compareModes(done(0.5), null, "continuous"),
      compareModes(done(0.5), na, "continuous"),
      compareModes(na, done(1, true), "binary"),
      compareModes(na, na, "binary"),
      compareModes(null, null, "binary"),
      compareModes(done(0.5), pending, "continuous"),
    ];
    for (const comparison of notComparable) expect(storedComparison(comparison)).toEqual({ flipped: null, delta: null });
  });
});
