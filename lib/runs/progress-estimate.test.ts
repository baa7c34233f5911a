import { describe, expect, it } from "vitest";
import { describeEstimate, estimateProgress, formatDuration, formatRate, recordSample, STALL_AFTER_MS, type RateWindow } from "./progress-estimate";

const T0 = 1_700_000_000_000;
const base = { status: "running", total: 1000, createdAt: T0 - 1000, startedAt: T0, finishedAt: null };

/** Samples every `every` ms from T0, the count following `count(t)`. */
function observe(times: number[], count: (t: number) => number): RateWindow {
  let window: RateWindow | undefined;
  for (const t of times) window = recordSample(window, { at: T0 + t, finished: count(t) });
  if (!window) throw new Error("no samples");
  return window;
}

describe("recordSample", () => {
  it("keeps the last 20 s plus one anchor before them", () => {
    const window = observe([0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000], (t) => t / 100);
    expect(window.samples.map((s) => s.at - T0)).toEqual([10_000, 15_000, 20_000, 25_000, 30_000]);
  });

  it("notes when the count last changed, and starts afresh when it goes down (a retry)", () => {
    const flat = observe([0, 1_000, 2_000, 3_000], (t) => (t < 2_000 ? t : 2_000));
    expect(flat.lastChangeAt).toBe(T0 + 2_000);
    const retried = recordSample(flat, { at: T0 + 4_000, finished: 10 });
    expect(retried).toEqual({ samples: [{ at: T0 + 4_000, finished: 10 }], lastChangeAt: T0 + 4_000 });
  });

  it("merges pollers that ask within moments of each other", () => {
    const window = observe([0, 1_000, 1_050, 1_100], (t) => t);
    expect(window.samples.map((s) => s.at - T0)).toEqual([0, 1_100]);
  });
});

describe("estimateProgress", () => {
  it("just started: waits for a worker, then measures before it guesses", () => {
    expect(estimateProgress({ ...base, startedAt: null, status: "pending", finished: 0, now: T0 })).toMatchObject({ state: "queued", rate: null, etaSeconds: null });
    const window = observe([0, 1_000], (t) => t / 10);
    expect(estimateProgress({ ...base, finished: 100, now: T0 + 1_000, window })).toEqual({ state: "measuring", rate: null, etaSeconds: null });
    expect(estimateProgress({ ...base, finished: 0, now: T0 })).toMatchObject({ state: "measuring" });
  });

  it("running: the rate over the window and the time the rest takes at it", () => {
    const window = observe([0, 1_000, 2_000, 3_000, 4_000], (t) => t / 10);
    expect(estimateProgress({ ...base, finished: 400, now: T0 + 4_000, window })).toEqual({ state: "running", rate: 100, etaSeconds: 6 });
  });

  it("follows a slowdown within the window rather than the run's average", () => {
    // 100/s for 60 s, then 10/s.
    const count = (t: number) => (t <= 60_000 ? t / 10 : 6_000 + (t - 60_000) / 100);
    const window = observe([...Array.from({ length: 61 }, (_, i) => i * 1_000), 70_000, 80_000, 85_000], count);
    const estimate = estimateProgress({ ...base, total: 10_000, finished: count(85_000), now: T0 + 85_000, window });
    expect(estimate.state).toBe("running");
    expect(estimate.rate).toBeCloseTo(10, 5);
    expect(estimate.etaSeconds).toBe(Math.ceil((10_000 - count(85_000)) / 10));
  });

  it("a pause shorter than the stall limit gives rate 0 and no time left, not a huge estimate", () => {
    const window = observe([0, 1_000, 25_000], (t) => (t < 1_000 ? 0 : 100));
    expect(estimateProgress({ ...base, finished: 100, now: T0 + 25_000, window })).toEqual({ state: "running", rate: 0, etaSeconds: null, idleSeconds: 24, anyResult: true });
  });

  it("says how long the run has gone without a result, never longer than it has been going", () => {
    // Five seconds after the start, the judge has not answered yet.
    const window = observe([0, 2_500, 5_000], () => 0);
    expect(estimateProgress({ ...base, finished: 0, now: T0 + 5_000, window })).toEqual({ state: "running", rate: 0, etaSeconds: null, idleSeconds: 5, anyResult: false });
  });

  it("stalled: no result for 30 s, or no worker ever claiming the run", () => {
    const window = observe([0, 10_000, 20_000, 40_000], (t) => (t < 10_000 ? 0 : 50));
    expect(estimateProgress({ ...base, finished: 50, now: T0 + 40_000, window })).toEqual({ state: "stalled", rate: 0, etaSeconds: null, idleSeconds: 30 });
    const unclaimed = estimateProgress({ ...base, status: "pending", startedAt: null, finished: 0, now: base.createdAt + STALL_AFTER_MS + 5_000 });
    expect(unclaimed).toMatchObject({ state: "stalled", idleSeconds: 35 });
  });

  it("done: the average from the first claim to the end, and nothing left", () => {
    expect(estimateProgress({ ...base, status: "done", finished: 1000, finishedAt: T0 + 4_000, now: T0 + 60_000 })).toEqual({ state: "ended", rate: 250, etaSeconds: null });
    // Settled at creation (nothing to judge): no rate to speak of.
    expect(estimateProgress({ ...base, status: "done", startedAt: null, createdAt: T0, finished: 10, finishedAt: T0, now: T0 })).toEqual({ state: "ended", rate: null, etaSeconds: null });
  });
});

describe("describing it", () => {
  it("reads sensibly in every state", () => {
    expect(describeEstimate({ state: "queued", rate: null, etaSeconds: null }, "pending")).toBe("Waiting for a worker to start…");
    expect(describeEstimate({ state: "measuring", rate: null, etaSeconds: null }, "running")).toBe("Measuring the rate…");
    expect(describeEstimate({ state: "running", rate: 1234.4, etaSeconds: 125 }, "running")).toBe("1,234 evaluations/s · about 2 min 5 s left");
    expect(describeEstimate({ state: "running", rate: 0, etaSeconds: null, idleSeconds: 5, anyResult: false }, "running")).toBe("Judging the first calls · 5 s so far");
    expect(describeEstimate({ state: "running", rate: 0, etaSeconds: null, idleSeconds: 12, anyResult: true }, "running")).toBe("Judging · no new result for 12 s");
    expect(describeEstimate({ state: "stalled", rate: 0, etaSeconds: null, idleSeconds: 95 }, "running")).toMatch(/^Stalled: no result for 1 min 35 s\. Is a worker running/);
    expect(describeEstimate({ state: "ended", rate: 12.34, etaSeconds: null }, "done")).toBe("Finished at 12.3 evaluations/s on average.");
    expect(describeEstimate({ state: "ended", rate: null, etaSeconds: null }, "cancelled")).toBe("Ended.");
  });

  it("formats durations and rates", () => {
    expect([0.4, 42, 65, 599, 601, 3600, 7_860].map(formatDuration)).toEqual(["0 s", "42 s", "1 min 5 s", "9 min 59 s", "10 min", "1 h", "2 h 11 min"]);
    expect([0.424, 12.5, 5_000.4].map(formatRate)).toEqual(["0.42", "12.5", "5,000"]);
  });
});
