import { describe, expect, it } from "vitest";
import { gate } from "./gate";
import { summarise } from "./summarise";
import { ACCURACY, CORRECT, result } from "./test-fixtures/items";

const binary = (passed: boolean | null, overrides = {}) =>
  result({ criterionIndex: 1, criterion: CORRECT.text, scale: "binary", passed, score: passed === null ? null : passed ? 1 : 0, status: passed === null ? "not-applicable" : "done", ...overrides });

const results = [
  result({ score: 0.9 }),
  result({ score: 0.7, item: 1 }),
  result({ status: "not-applicable", score: null, item: 2 }),
  binary(true),
  binary(false, { item: 1 }),
  binary(true, { item: 2 }),
  binary(null, { item: 2, callOrdinal: 2 }),
];

describe("summarise", () => {
  it("gives each criterion its mean, pass rate and counts; not-applicable results count neither way", () => {
    const summary = summarise(results, [ACCURACY, CORRECT]);
    expect(summary).toMatchObject({ transcripts: 3, calls: 4, results: 7, judged: 5, notApplicable: 2, errors: 0 });
    expect(summary.criteria[0]).toMatchObject({ criterion: ACCURACY.text, scale: "continuous", total: 3, judged: 2, notApplicable: 1, errors: 0, passed: null, passRate: null });
    expect(summary.criteria[0].meanScore).toBeCloseTo(0.8);
    expect(summary.criteria[1]).toMatchObject({ scale: "binary", total: 4, judged: 3, notApplicable: 1, passed: 2, failed: 1 });
    expect(summary.criteria[1].passRate).toBeCloseTo(2 / 3);
  });

  it("lists criteria that got no result, and takes them from the results when not given", () => {
    expect(summarise([], [ACCURACY]).criteria[0]).toMatchObject({ total: 0, judged: 0, meanScore: null });
    expect(summarise(results).criteria.map((c) => c.criterion)).toEqual([ACCURACY.text, CORRECT.text]);
  });
});

describe("gate", () => {
  const summary = summarise(results, [ACCURACY, CORRECT]);

  it("passes without a threshold when nothing errored", () => {
    expect(gate(summary)).toEqual({ passed: true, failUnder: null, failures: [] });
  });

  it("fails a criterion whose mean score, or for binary criteria pass rate, is below the threshold", () => {
    expect(gate(summary, 0.6).passed).toBe(true);
    const failed = gate(summary, 0.7);
    expect(failed.passed).toBe(false);
    expect(failed.failures).toEqual([{ criterionIndex: 1, criterion: CORRECT.text, reason: "pass rate 0.67 is below 0.7" }]);
    expect(gate(summary, 0.85).failures.map((f) => f.reason)).toEqual(["mean score 0.80 is below 0.85", "pass rate 0.67 is below 0.85"]);
  });

  it("does not fail a mean that equals the threshold up to rounding", () => {
    const close = summarise([result({ score: 0.7 }), result({ score: 0.9, item: 1 })], [ACCURACY]);
    expect(gate(close, 0.8).passed).toBe(true);
  });

  it("fails on any error, with or without a threshold", () => {
    const withError = summarise([...results, result({ status: "error", score: null, error: "timeout", item: 3 })], [ACCURACY, CORRECT]);
    expect(gate(withError).failures).toEqual([{ criterionIndex: 0, criterion: ACCURACY.text, reason: "1 of 4 evaluations failed" }]);
    expect(gate(withError, 0).passed).toBe(false);
  });

  it("fails a threshold on a criterion that judged nothing", () => {
    const nothing = summarise([result({ status: "not-applicable", score: null })], [ACCURACY, CORRECT]);
    expect(gate(nothing).passed).toBe(true);
    expect(gate(nothing, 0.5).failures.map((f) => f.reason)).toEqual([
      "nothing was judged (1 not applicable), so the mean score cannot meet 0.5",
      "no tool call was evaluated",
    ]);
  });
});
