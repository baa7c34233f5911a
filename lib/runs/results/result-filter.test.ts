import { describe, expect, it } from "vitest";
import { filtersResults, resultMatches, type FilterableResult } from "./result-filter";

const result = (overrides: Partial<FilterableResult> = {}): FilterableResult => ({ criterionId: "c1", mode: "hindsight", status: "done", score: 0.2, passed: null, ...overrides });

describe("resultMatches", () => {
  it("matches everything when no verdict or score filter is set", () => {
    expect(filtersResults({ criterion: "c1", mode: "immediate" })).toBe(false);
    expect(resultMatches(result({ criterionId: "c2" }), "continuous", { criterion: "c1" })).toBe(true);
  });

  it("reads a verdict by the criterion's scale, as the server's SQL does", () => {
    expect(resultMatches(result({ score: 0.2 }), "continuous", { verdict: "fail" })).toBe(true);
    expect(resultMatches(result({ score: 0.5 }), "continuous", { verdict: "fail" })).toBe(false);
    expect(resultMatches(result({ score: 0.5 }), "continuous", { verdict: "pass" })).toBe(true);
    expect(resultMatches(result({ score: 1, passed: false }), "binary", { verdict: "fail" })).toBe(true);
    expect(resultMatches(result({ status: "not-applicable", score: null }), "binary", { verdict: "na" })).toBe(true);
    expect(resultMatches(result({ status: "not-applicable", score: null }), "binary", { verdict: "fail" })).toBe(false);
    expect(resultMatches(result({ status: "error", score: null }), "binary", { verdict: "error" })).toBe(true);
    expect(resultMatches(result({ status: "pending", score: null }), "continuous", { verdict: "pass" })).toBe(false);
  });

  it("keeps to the filter's criterion and mode", () => {
    expect(resultMatches(result({ criterionId: "c2" }), "continuous", { verdict: "fail", criterion: "c1" })).toBe(false);
    expect(resultMatches(result({ mode: "immediate" }), "continuous", { verdict: "fail", mode: "hindsight" })).toBe(false);
    expect(resultMatches(result(), "continuous", { verdict: "fail", criterion: "c1", mode: "hindsight" })).toBe(true);
  });

  it("bounds scores inclusively and never matches a result without one", () => {
    expect(resultMatches(result({ score: 0.3 }), "continuous", { min: 0.3, max: 0.3 })).toBe(true);
    expect(resultMatches(result({ score: 0.31 }), "continuous", { max: 0.3 })).toBe(false);
    expect(resultMatches(result({ status: "not-applicable", score: null }), "continuous", { min: 0 })).toBe(false);
    expect(resultMatches(result({ status: "error", score: 0.9 }), "continuous", { min: 0 })).toBe(false);
  });
});
