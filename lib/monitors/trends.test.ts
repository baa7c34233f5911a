import { describe, expect, it } from "vitest";
import { HOUR_MS } from "./hours";
import { rollupHour, type HourResult } from "./rollup";
import { buildTrends, changeMarks, measureOf, type StoredBucket } from "./trends";

const result = (over: Partial<HourResult>): HourResult => ({ criterionId: "c1", status: "done", passed: true, score: 1, model: "m1", service: "svc", tags: [], prompt: null, ...over });
const T0 = Date.UTC(2026, 10, 29, 0);

function stored(hour: number, rows: HourResult[]): StoredBucket[] {
  return rollupHour(rows).buckets.map((bucket) => ({ ...bucket, hour }));
}

describe("monitor trends", () => {
  it("sums an hour per criterion, overall and per split, and counts what is not settled", () => {
    const { buckets, unsettled } = rollupHour([
      result({ passed: true, score: 1, tags: ["a", "a"] }),
      result({ passed: false, score: 0, model: "m2" }),
      result({ status: "error", passed: null, score: null }),
      result({ status: "not-applicable", passed: null, score: null }),
      result({ status: "pending", passed: null, score: null }),
    ]);
    expect(unsettled).toBe(1);
    const all = buckets.find((bucket) => bucket.dimension === "");
    expect(all).toMatchObject({ judged: 2, passes: 1, errors: 1, notApplicable: 1, scoreSum: 1 });
    expect(buckets.find((bucket) => bucket.dimension === "tag" && bucket.value === "a")).toMatchObject({ judged: 1, passes: 1 });
    expect(buckets.filter((bucket) => bucket.dimension === "model").map((bucket) => bucket.value).sort()).toEqual(["m1", "m2"]);
  });

  it("gives a pass rate with Wilson's interval, and a mean score with a normal one", () => {
    const sums = { judged: 10, passes: 9, scoreSum: 9, scoreSquares: 9, notApplicable: 0, errors: 0 };
    const rate = measureOf(sums, "pass rate");
    expect(rate.value).toBe(0.9);
    expect(rate.low).toBeCloseTo(0.596, 3);
    expect(rate.high).toBeCloseTo(0.982, 3);
    const mean = measureOf({ ...sums, scoreSum: 5, scoreSquares: 2.6 }, "mean score");
    expect(mean.value).toBe(0.5);
    expect(mean.low).toBeGreaterThan(0.4);
    expect(mean.high).toBeLessThan(0.6);
    expect(measureOf({ ...sums, judged: 0 }, "pass rate").value).toBeNull();
  });

  it("folds hours into days and splits by a dimension", () => {
    const buckets = [
      ...stored(T0, [result({ passed: true }), result({ passed: false, model: "m2" })]),
      ...stored(T0 + HOUR_MS, [result({ passed: true })]),
    ];
    const criteria = [{ id: "c1", text: "Tool call passes if x", scale: "binary" }];
    const [byHour] = buildTrends(buckets, criteria, { granularity: "hour", split: "" });
    expect(byHour.series[0].points.map((point) => [point.t, point.value])).toEqual([[T0, 0.5], [T0 + HOUR_MS, 1]]);
    const [byDay] = buildTrends(buckets, criteria, { granularity: "day", split: "" });
    expect(byDay.series[0].points).toHaveLength(1);
    expect(byDay.series[0].points[0]).toMatchObject({ judged: 3, passes: 2 });
    const [byModel] = buildTrends(buckets, criteria, { granularity: "hour", split: "model" });
    expect(byModel.series.map((series) => series.value)).toEqual(["m1", "m2"]);
  });

  it("marks where the models or prompt versions change", () => {
    const buckets = [
      ...stored(T0, [result({ model: "m1", prompt: "v1" })]),
      ...stored(T0 + HOUR_MS, [result({ model: "m1", prompt: "v1" })]),
      ...stored(T0 + 2 * HOUR_MS, [result({ model: "m2", prompt: "v1" })]),
      ...stored(T0 + 3 * HOUR_MS, [result({ model: "m2", prompt: "v2" })]),
    ];
    expect(changeMarks(buckets, "hour")).toEqual([
      { t: T0 + 2 * HOUR_MS, dimension: "model", before: ["m1"], after: ["m2"] },
      { t: T0 + 3 * HOUR_MS, dimension: "prompt", before: ["v1"], after: ["v2"] },
    ]);
  });
});
