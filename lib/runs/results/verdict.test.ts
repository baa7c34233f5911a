import { describe, expect, it } from "vitest";
import { PASS_THRESHOLD, passes, verdictOf } from "./verdict";

const done = (score: number | null, passed: boolean | null = null) => ({ status: "done", score, passed });

describe("passes", () => {
  it("takes a binary criterion's verdict as given", () => {
    expect(passes("binary", 0, true)).toBe(true);
    expect(passes("binary", 1, false)).toBe(false);
  });

  it("falls back to the score for a binary result without a verdict", () => {
    expect(passes("binary", 1, null)).toBe(true);
    expect(passes("binary", 0, null)).toBe(false);
  });

  it("passes a continuous score at or above 0.5", () => {
    expect(PASS_THRESHOLD).toBe(0.5);
    expect(passes("continuous", 0.5, null)).toBe(true);
    expect(passes("continuous", 0.49999, null)).toBe(false);
    expect(passes("continuous", 1, null)).toBe(true);
    expect(passes("continuous", 0, null)).toBe(false);
  });

  it("ignores `passed` on a continuous criterion: its verdict is its score", () => {
    expect(passes("continuous", 0.2, true)).toBe(false);
    expect(passes("continuous", null, true)).toBeNull();
  });

  it("is null without a usable value", () => {
    expect(passes("continuous", null, null)).toBeNull();
    expect(passes("continuous", Number.NaN, null)).toBeNull();
    expect(passes("binary", Number.POSITIVE_INFINITY, null)).toBeNull();
    expect(passes("binary", null, null)).toBeNull();
  });
});

describe("verdictOf", () => {
  it("gives pass or fail for done results on either scale", () => {
    expect(verdictOf(done(0.8), "continuous")).toBe("pass");
    expect(verdictOf(done(0.2), "continuous")).toBe("fail");
    expect(verdictOf(done(1, true), "binary")).toBe("pass");
    expect(verdictOf(done(0, false), "binary")).toBe("fail");
  });

  it("gives n/a for a not-applicable result", () => {
    expect(verdictOf({ status: "not-applicable", score: null, passed: null }, "binary")).toBe("n/a");
  });

  it("is null for results that are missing or not settled", () => {
    expect(verdictOf(null, "binary")).toBeNull();
    expect(verdictOf(undefined, "continuous")).toBeNull();
    for (const status of ["pending", "running", "error", "something-new"]) {
      expect(verdictOf({ status, score: 1, passed: true }, "binary")).toBeNull();
    }
  });

  it("is null for a done result lacking the value its scale needs", () => {
    expect(verdictOf(done(null), "continuous")).toBeNull();
    expect(verdictOf(done(null, null), "binary")).toBeNull();
  });
});
