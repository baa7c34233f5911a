import { describe, expect, it } from "vitest";
import { flipMatrix, meanScore, passRate, passRateByGroup, scoreHistogram } from "./aggregates";
import type { Verdict } from "./verdict";

describe("passRate", () => {
  it("counts passes over passes and fails, n/a and unsettled apart", () => {
    expect(passRate(["pass", "fail", "pass", "n/a", null, "pass"])).toEqual({ rate: 3 / 4, passed: 3, failed: 1, notApplicable: 1 });
  });

  it("is null, not NaN, with nothing judged", () => {
    expect(passRate([])).toEqual({ rate: null, passed: 0, failed: 0, notApplicable: 0 });
    expect(passRate(["n/a", null])).toEqual({ rate: null, passed: 0, failed: 0, notApplicable: 1 });
  });

  it("is 0 and 1 at the extremes", () => {
    expect(passRate(["fail", "fail"]).rate).toBe(0);
    expect(passRate(["pass"]).rate).toBe(1);
  });
});

describe("meanScore", () => {
  it("ignores nulls and non-finite scores", () => {
    expect(meanScore([0.2, null, 0.4, Number.NaN, Number.POSITIVE_INFINITY, 0.9])).toBeCloseTo(0.5);
  });

  it("is null with no scores", () => {
    expect(meanScore([])).toBeNull();
    expect(meanScore([null, Number.NaN])).toBeNull();
  });

  it("counts zeros", () => {
    expect(meanScore([0, 0, 1])).toBeCloseTo(1 / 3);
  });
});

describe("scoreHistogram", () => {
  it("has ten bins over [0, 1] by default, with 1.0 in the last", () => {
    const { bins, total, outOfRange } = scoreHistogram([0, 0.05, 0.1, 0.55, 0.99, 1, 1]);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 0, to: 0.1, count: 2 });
    expect(bins[1].count).toBe(1);
    expect(bins[5]).toEqual({ from: 0.5, to: 0.6, count: 1 });
    expect(bins[9]).toEqual({ from: 0.9, to: 1, count: 3 });
    expect(total).toBe(7);
    expect(outOfRange).toBe(0);
  });

  it("puts every edge k / n in bin k for several bin counts", () => {
    for (const n of [1, 2, 3, 5, 7, 10, 20, 100]) {
      for (let k = 0; k <= n; k++) {
        const { bins } = scoreHistogram([k / n], n);
        const expected = Math.min(k, n - 1);
        expect(bins.findIndex((bin) => bin.count === 1), `${k}/${n}`).toBe(expected);
      }
    }
  });

  it("places scores just below an edge in the lower bin", () => {
    const { bins } = scoreHistogram([0.3 - 1e-12, 0.7 - Number.EPSILON], 10);
    expect(bins[2].count).toBe(1);
    expect(bins[6].count).toBe(1);
  });

  it("skips nulls and non-finite scores and reports scores outside [0, 1]", () => {
    const histogram = scoreHistogram([null, Number.NaN, -0.1, 1.2, 0.5]);
    expect(histogram.total).toBe(1);
    expect(histogram.outOfRange).toBe(2);
    expect(histogram.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(1);
  });

  it("gives empty bins for no scores", () => {
    const histogram = scoreHistogram([], 4);
    expect(histogram).toEqual({
      bins: [
        { from: 0, to: 0.25, count: 0 },
        { from: 0.25, to: 0.5, count: 0 },
        { from: 0.5, to: 0.75, count: 0 },
        { from: 0.75, to: 1, count: 0 },
      ],
      total: 0,
      outOfRange: 0,
    });
  });

  it("rejects a bin count that is not a positive integer", () => {
    expect(() => scoreHistogram([0.5], 0)).toThrow(RangeError);
    expect(() => scoreHistogram([0.5], 2.5)).toThrow(RangeError);
    expect(() => scoreHistogram([0.5], Number.NaN)).toThrow(RangeError);
  });
});

describe("passRateByGroup", () => {
  it("gives each group its pass rate, sorted by name", () => {
    expect(
      passRateByGroup([
        { group: "search", verdict: "pass" },
        { group: "get_weather", verdict: "fail" },
        { group: "search", verdict: "fail" },
        { group: "search", verdict: "pass" },
        { group: "get_weather", verdict: "n/a" },
        { group: "Book", verdict: null },
      ]),
    ).toEqual([
      { group: "Book", rate: null, passed: 0, failed: 0, notApplicable: 0 },
      { group: "get_weather", rate: 0, passed: 0, failed: 1, notApplicable: 1 },
      { group: "search", rate: 2 / 3, passed: 2, failed: 1, notApplicable: 0 },
    ]);
  });

  it("is empty for no items", () => {
    expect(passRateByGroup([])).toEqual([]);
  });
});

describe("flipMatrix", () => {
  const pair = (immediate: Verdict | null, hindsight: Verdict | null) => ({ immediate, hindsight });

  it("counts every immediate × hindsight cell", () => {
    const matrix = flipMatrix([pair("pass", "pass"), pair("pass", "fail"), pair("pass", "fail"), pair("fail", "pass"), pair("fail", "fail"), pair("pass", "n/a"), pair("n/a", "fail"), pair("n/a", "n/a")]);
    expect(matrix.counts).toEqual({
      pass: { pass: 1, fail: 2, "n/a": 1 },
      fail: { pass: 1, fail: 1, "n/a": 0 },
      "n/a": { pass: 0, fail: 1, "n/a": 1 },
    });
    expect(matrix.total).toBe(8);
    expect(matrix.excluded).toBe(0);
    expect(matrix.flips).toBe(3);
    expect(matrix.flipRate).toBeCloseTo(3 / 5);
  });

  it("leaves out pairs with an unsettled or missing side", () => {
    const matrix = flipMatrix([pair(null, "pass"), pair("fail", null), pair(null, null), pair("pass", "pass")]);
    expect(matrix.total).toBe(1);
    expect(matrix.excluded).toBe(3);
    expect(matrix.counts.pass.pass).toBe(1);
  });

  it("is all zeros, with a null flip rate, for no pairs or only n/a", () => {
    const empty = flipMatrix([]);
    expect(empty).toMatchObject({ total: 0, excluded: 0, flips: 0, flipRate: null });
    expect(Object.values(empty.counts).flatMap((row) => Object.values(row))).toEqual(Array(9).fill(0));
    expect(flipMatrix([pair("n/a", "pass"), pair("fail", "n/a")]).flipRate).toBeNull();
  });

  it("has a zero flip rate when no verdict changes", () => {
    expect(flipMatrix([pair("pass", "pass"), pair("fail", "fail")])).toMatchObject({ flips: 0, flipRate: 0 });
  });
});
