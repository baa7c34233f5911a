import { describe, expect, it } from "vitest";
import { balancedAccuracy, binaryAccuracy, classRecall, compareScores, pairwiseAccuracy, recallByGroup, rocAuc, type BinaryOutcome } from "./metrics";

const outcomes: BinaryOutcome[] = [
  { actual: true, predicted: true },
  { actual: true, predicted: true },
  { actual: true, predicted: false },
  { actual: false, predicted: false },
  { actual: false, predicted: null },
];

describe("binary metrics", () => {
  it("accuracy counts a not-applicable verdict as wrong", () => {
    expect(binaryAccuracy(outcomes)).toBeCloseTo(3 / 5);
  });

  it("recall per class and balanced accuracy", () => {
    expect(classRecall(outcomes, true)).toBeCloseTo(2 / 3);
    expect(classRecall(outcomes, false)).toBeCloseTo(1 / 2);
    expect(balancedAccuracy(outcomes)).toBeCloseTo((2 / 3 + 1 / 2) / 2);
  });

  it("balanced accuracy skips an absent class", () => {
    expect(balancedAccuracy([{ actual: true, predicted: true }])).toBe(1);
    expect(Number.isNaN(binaryAccuracy([]))).toBe(true);
  });

  it("recall by group", () => {
    expect(
      recallByGroup([
        { group: "b", detected: true },
        { group: "a", detected: false },
        { group: "b", detected: false },
      ]),
    ).toEqual({ a: { recall: 0, count: 1 }, b: { recall: 0.5, count: 2 } });
  });
});

describe("rocAuc", () => {
  it("is 1 for a perfect ranking and 0 for an inverted one", () => {
    expect(rocAuc([{ score: 0.9, positive: true }, { score: 0.1, positive: false }])).toBe(1);
    expect(rocAuc([{ score: 0.1, positive: true }, { score: 0.9, positive: false }])).toBe(0);
  });

  it("counts ties as half", () => {
    expect(rocAuc([{ score: 0.5, positive: true }, { score: 0.5, positive: false }])).toBe(0.5);
  });

  it("matches the pairwise definition on a mixed example", () => {
    const items = [
      { score: 0.9, positive: true },
      { score: 0.6, positive: true },
      { score: 0.6, positive: false },
      { score: 0.3, positive: true },
      { score: 0.2, positive: false },
    ];
    // Pairs (pos, neg): 0.9>0.6, 0.9>0.2, 0.6=0.6, 0.6>0.2, 0.3<0.6, 0.3>0.2 -> (1+1+0.5+1+0+1)/6
    expect(rocAuc(items)).toBeCloseTo(4.5 / 6);
  });

  it("is NaN without both classes", () => {
    expect(Number.isNaN(rocAuc([{ score: 1, positive: true }]))).toBe(true);
  });
});

describe("pairwise accuracy", () => {
  it("compares scores with ties counting half", () => {
    expect(compareScores(0.8, 0.2)).toBe(1);
    expect(compareScores(0.5, 0.5)).toBe(0.5);
    expect(compareScores(0.1, 0.2)).toBe(0);
  });

  it("averages within a pair, then over pairs", () => {
    const pairs = [
      { good: [0.9, 0.4], bad: [0.5] }, // 1 and 0 -> 0.5
      { good: [1], bad: [1] }, // tie -> 0.5
      { good: [1], bad: [0] }, // 1
      { good: [], bad: [0] }, // ignored: nothing to compare
    ];
    expect(pairwiseAccuracy(pairs)).toBeCloseTo((0.5 + 0.5 + 1) / 3);
  });
});
