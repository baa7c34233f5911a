import { describe, expect, it } from "vitest";
import { agreementRate, cohensKappa, disagreements, pearsonCorrelation } from "./criteria-agreement";
import type { Verdict } from "./verdict";

const pairs = (...values: [Verdict | null, Verdict | null][]) => values.map(([a, b]) => ({ a, b }));

describe("agreementRate", () => {
  it("counts only calls both criteria judged", () => {
    expect(agreementRate(pairs(["pass", "pass"], ["fail", "fail"], ["pass", "fail"], ["n/a", "pass"], ["pass", null], [null, null]))).toEqual({ rate: 2 / 3, agreed: 2, total: 3 });
  });

  it("is null with nothing judged by both", () => {
    expect(agreementRate([])).toEqual({ rate: null, agreed: 0, total: 0 });
    expect(agreementRate(pairs(["n/a", "n/a"], ["pass", "n/a"]))).toEqual({ rate: null, agreed: 0, total: 0 });
  });

  it("is 1 for full agreement and 0 for none", () => {
    expect(agreementRate(pairs(["pass", "pass"], ["fail", "fail"])).rate).toBe(1);
    expect(agreementRate(pairs(["pass", "fail"], ["fail", "pass"])).rate).toBe(0);
  });
});

describe("cohensKappa", () => {
  it("matches a worked example", () => {
    // 20 pass/pass, 5 pass/fail, 10 fail/pass, 15 fail/fail: po = 0.7, pe = 0.5, kappa = 0.4.
    const data = [
      ...Array<[Verdict, Verdict]>(20).fill(["pass", "pass"]),
      ...Array<[Verdict, Verdict]>(5).fill(["pass", "fail"]),
      ...Array<[Verdict, Verdict]>(10).fill(["fail", "pass"]),
      ...Array<[Verdict, Verdict]>(15).fill(["fail", "fail"]),
    ];
    expect(cohensKappa(pairs(...data))).toBeCloseTo(0.4);
  });

  it("is 1 for perfect agreement and -1 for perfect, balanced disagreement", () => {
    expect(cohensKappa(pairs(["pass", "pass"], ["fail", "fail"]))).toBeCloseTo(1);
    expect(cohensKappa(pairs(["pass", "fail"], ["fail", "pass"]))).toBeCloseTo(-1);
  });

  it("is 0 when agreement is what chance gives", () => {
    expect(cohensKappa(pairs(["pass", "pass"], ["pass", "fail"], ["fail", "pass"], ["fail", "fail"]))).toBeCloseTo(0);
  });

  it("is null when undefined: no pairs, or both criteria constant and equal", () => {
    expect(cohensKappa([])).toBeNull();
    expect(cohensKappa(pairs(["n/a", "pass"]))).toBeNull();
    expect(cohensKappa(pairs(["pass", "pass"], ["pass", "pass"]))).toBeNull();
  });

  it("is 0, not undefined, when only one criterion is constant", () => {
    expect(cohensKappa(pairs(["pass", "pass"], ["pass", "fail"]))).toBeCloseTo(0);
  });
});

describe("pearsonCorrelation", () => {
  it("is 1 and -1 for perfectly linear scores", () => {
    expect(pearsonCorrelation([{ a: 0.1, b: 0.2 }, { a: 0.2, b: 0.4 }, { a: 0.3, b: 0.6 }])).toBe(1);
    expect(pearsonCorrelation([{ a: 0.1, b: 0.9 }, { a: 0.5, b: 0.5 }, { a: 0.9, b: 0.1 }])).toBeCloseTo(-1);
  });

  it("matches a worked example", () => {
    // x = 1..5, y = 2, 4, 5, 4, 5: r = 6 / sqrt(10 × 6) ≈ 0.7746.
    const points = [2, 4, 5, 4, 5].map((b, index) => ({ a: (index + 1) / 10, b: b / 10 }));
    expect(pearsonCorrelation(points)).toBeCloseTo(6 / Math.sqrt(60), 10);
  });

  it("skips pairs missing a side or holding a non-finite score", () => {
    const points = [{ a: 0, b: 0 }, { a: 1, b: 1 }, { a: null, b: 0.5 }, { a: 0.5, b: null }, { a: Number.NaN, b: 0.1 }, { a: 0.3, b: Number.POSITIVE_INFINITY }];
    expect(pearsonCorrelation(points)).toBe(1);
  });

  it("is null with fewer than two pairs", () => {
    expect(pearsonCorrelation([])).toBeNull();
    expect(pearsonCorrelation([{ a: 0.5, b: 0.5 }, { a: null, b: 1 }])).toBeNull();
  });

  it("is null when either side does not vary, even where the mean is inexact", () => {
    expect(pearsonCorrelation([{ a: 0.5, b: 0.1 }, { a: 0.5, b: 0.9 }])).toBeNull();
    expect(pearsonCorrelation([{ a: 0.1, b: 0.1 }, { a: 0.9, b: 0.1 }, { a: 0.4, b: 0.1 }])).toBeNull();
    // The mean of three 0.1s is not exactly 0.1; the result must still be null, not noise.
    expect(pearsonCorrelation([{ a: 0.1, b: 0.2 }, { a: 0.1, b: 0.5 }, { a: 0.1, b: 0.7 }])).toBeNull();
  });

  it("stays within [-1, 1]", () => {
    const points = Array.from({ length: 1000 }, (_, index) => ({ a: index / 999, b: (index / 999) * 0.3 + 0.1 }));
    const r = pearsonCorrelation(points);
    expect(r).not.toBeNull();
    expect(r as number).toBeLessThanOrEqual(1);
    expect(r as number).toBeCloseTo(1, 12);
  });
});

describe("disagreements", () => {
  it("keeps the calls where one criterion passes and the other fails, with their extra fields", () => {
    const items = [
      { callId: "1", a: "pass" as const, b: "fail" as const },
      { callId: "2", a: "pass" as const, b: "pass" as const },
      { callId: "3", a: "fail" as const, b: "pass" as const },
      { callId: "4", a: "n/a" as const, b: "pass" as const },
      { callId: "5", a: null, b: "fail" as const },
    ];
    expect(disagreements(items).map((item) => item.callId)).toEqual(["1", "3"]);
  });

  it("is empty when there is nothing to disagree on", () => {
    expect(disagreements([])).toEqual([]);
    expect(disagreements(pairs(["n/a", "n/a"], [null, "pass"]))).toEqual([]);
  });
});
