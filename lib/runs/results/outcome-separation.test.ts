import { describe, expect, it } from "vitest";
import { aucInterval, rocAuc, verdictsVsOutcome, type OutcomeBucket } from "./outcome-separation";

const w = (...values: number[]) => values.map((value) => ({ value, weight: 1 }));

/** The AUC by its definition: every (positive, negative) pair, ties half. */
function pairwise(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

describe("rocAuc", () => {
  it("is 1 when every positive is above every negative, 0 when below", () => {
    expect(rocAuc(w(0.8, 0.9), w(0.1, 0.2))).toBe(1);
    expect(rocAuc(w(0.1, 0.2), w(0.8, 0.9))).toBe(0);
  });

  it("counts ties as half", () => {
    expect(rocAuc(w(1, 1), w(1, 1))).toBe(0.5);
    // Pairs: (1>0)=1, (1=1)=½, (0=0)=½, (0<1)=0 → 2/4.
    expect(rocAuc(w(1, 0), w(0, 1))).toBe(0.5);
    expect(rocAuc(w(1), w(1, 0))).toBe(0.75);
  });

  it("agrees with the pairwise definition on values with many ties", () => {
    const positives = [0, 0.5, 0.5, 1, 1, 1, 0.25];
    const negatives = [0, 0, 0.5, 1, 0.25, 0.25];
    expect(rocAuc(w(...positives), w(...negatives))).toBeCloseTo(pairwise(positives, negatives), 12);
  });

  it("weighs grouped values as that many copies", () => {
    expect(rocAuc([{ value: 1, weight: 3 }, { value: 0, weight: 1 }], [{ value: 0, weight: 2 }])).toBeCloseTo(pairwise([1, 1, 1, 0], [0, 0]), 12);
  });

  it("is null when a side is empty", () => {
    expect(rocAuc([], w(1))).toBeNull();
    expect(rocAuc(w(1), [])).toBeNull();
  });
});

const bucket = (success: boolean, minScore: number | null, transcripts = 1, extra: Partial<OutcomeBucket> = {}): OutcomeBucket => ({
  criterionId: "c1",
  mode: "immediate",
  success,
  minScore,
  transcripts,
  passed: 0,
  failed: 0,
  scoreSum: 0,
  scored: 0,
  ...extra,
});

describe("verdictsVsOutcome", () => {
  it("gives pass rate and mean score per outcome, over results", () => {
    const [line] = verdictsVsOutcome([
      bucket(true, 1, 2, { passed: 5, failed: 1, scoreSum: 5.5, scored: 6 }),
      bucket(false, 0, 1, { passed: 1, failed: 3, scoreSum: 1, scored: 4 }),
    ]);
    expect(line.successful).toEqual({ transcripts: 2, verdicts: 6, passRate: 5 / 6, meanScore: 5.5 / 6 });
    expect(line.failed).toEqual({ transcripts: 1, verdicts: 4, passRate: 0.25, meanScore: 0.25 });
  });

  it("says there is not enough data under the minimum of either outcome", () => {
    const [line] = verdictsVsOutcome([bucket(true, 1, 5), bucket(false, 0, 2)], 3);
    expect(line.separation).toEqual({ kind: "not-enough-data", successful: 5, failed: 2, needed: 3 });
  });

  it("gives the AUC of the lowest call score once both outcomes have enough transcripts", () => {
    const [line] = verdictsVsOutcome([bucket(true, 1, 2), bucket(true, 0.5, 1), bucket(false, 0.5, 1), bucket(false, 0, 2)], 3);
    expect(line.separation).toEqual({ kind: "auc", auc: pairwise([1, 1, 0.5], [0.5, 0, 0]), successful: 3, failed: 3 });
  });

  it("leaves transcripts without a scored result out of the AUC but not out of the counts", () => {
    const [line] = verdictsVsOutcome([bucket(true, null, 4), bucket(true, 1, 1), bucket(false, 0, 1)], 1);
    expect(line.successful.transcripts).toBe(5);
    expect(line.separation).toMatchObject({ kind: "auc", auc: 1, successful: 1, failed: 1 });
  });

  it("keeps criteria and modes apart", () => {
    const lines = verdictsVsOutcome([bucket(true, 1), { ...bucket(true, 0), mode: "hindsight" }, { ...bucket(false, 0), criterionId: "c2" }]);
    expect(lines.map((l) => [l.criterionId, l.mode])).toEqual([
      ["c1", "immediate"],
      ["c1", "hindsight"],
      ["c2", "immediate"],
    ]);
  });
});

describe("aucInterval", () => {
  it("narrows as the counts grow and always holds the AUC, within [0, 1]", () => {
    const small = aucInterval(0.7, 10, 10);
    const large = aucInterval(0.7, 1000, 1000);
    expect(small[0]).toBeLessThan(0.7);
    expect(small[1]).toBeGreaterThan(0.7);
    expect(large[1] - large[0]).toBeLessThan(small[1] - small[0]);
    expect(aucInterval(1, 3, 3)[1]).toBe(1);
    expect(aucInterval(0, 3, 3)[0]).toBe(0);
  });

  it("matches Hanley and McNeil's standard error: AUC 0.8, 50 and 50", () => {
    // SE = sqrt((0.16 + 49 (0.6667 - 0.64) + 49 (0.7111 - 0.64)) / 2500) = 0.0447
    const [low, high] = aucInterval(0.8, 50, 50);
    expect((high - low) / 2 / 1.96).toBeCloseTo(0.0447, 3);
  });
});

