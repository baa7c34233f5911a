import { describe, expect, it } from "vitest";
import { remembered, runStateKey, StateCache } from "./state-cache";

describe("StateCache", () => {
  it("gives a value back only for the state it was computed in", () => {
    const cache = new StateCache<number>();
    cache.set("run", "done|10|0", 1);
    expect(cache.get("run", "done|10|0")).toBe(1);
    expect(cache.get("run", "running|9|0")).toBeUndefined();
    cache.set("run", "running|9|0", 2);
    expect(cache.get("run", "done|10|0")).toBeUndefined();
  });

  it("while the run is judged, keeps a value for twelve times what it cost to compute, then recomputes", () => {
    const cache = new StateCache<number>();
    cache.set("run", "running|9|0|", 1, 500, 1000);
    expect(cache.get("run", "running|12|0|", 1000 + 5999)).toBe(1);
    expect(cache.get("run", "running|12|0|", 1000 + 6001)).toBeUndefined();
    // A cheap value stays live: it is recomputed as soon as the counters move.
    cache.set("run", "running|9|0|", 2, 0, 5000);
    expect(cache.get("run", "running|10|0|", 5000)).toBeUndefined();
  });

  it("never gives a finished run a value from another state, however recent", () => {
    const cache = new StateCache<number>();
    cache.set("run", "running|9|0|", 1, 10_000, 1000);
    expect(cache.get("run", "done|10|0|2000", 1001)).toBeUndefined();
    cache.set("run", "done|10|0|2000", 2, 10_000, 1000);
    expect(cache.get("run", "running|10|0|", 1001)).toBeUndefined();
    expect(cache.get("run", "cancelled|10|0|", 1001)).toBeUndefined();
  });

  it("forgets the least recently used entry past its limit", () => {
    const cache = new StateCache<number>(2);
    cache.set("a", "s", 1);
    cache.set("b", "s", 2);
    expect(cache.get("a", "s")).toBe(1);
    cache.set("c", "s", 3);
    expect(cache.get("b", "s")).toBeUndefined();
    expect([cache.get("a", "s"), cache.get("c", "s")]).toEqual([1, 3]);
  });
});

describe("runStateKey", () => {
  it("changes with the status, the counters and the finishing time", () => {
    const run = { id: "r", status: "done", doneCount: 10, errorCount: 1, finishedAt: new Date(1000) };
    const keys = new Set([
      runStateKey(run),
      runStateKey({ ...run, status: "running" }),
      runStateKey({ ...run, doneCount: 11 }),
      runStateKey({ ...run, errorCount: 0 }),
      runStateKey({ ...run, finishedAt: new Date(2000) }),
      runStateKey({ ...run, finishedAt: null }),
    ]);
    expect(keys.size).toBe(6);
  });
});

describe("remembered", () => {
  it("loads once per run state and key, and never remembers a null", async () => {
    const cache = new StateCache<number | null>();
    const run = { id: "r", status: "done", doneCount: 10, errorCount: 0, finishedAt: new Date(1000) };
    let loads = 0;
    const load = (value: number | null) => async () => (loads++, value);
    expect(await remembered(cache, run, load(1))).toBe(1);
    expect(await remembered(cache, run, load(2))).toBe(1);
    expect(await remembered(cache, run, load(3), "r?tool=x")).toBe(3);
    expect(await remembered(cache, { ...run, doneCount: 11 }, load(4))).toBe(4);
    expect(loads).toBe(3);
    expect(await remembered(cache, { ...run, id: "gone" }, load(null))).toBeNull();
    expect(await remembered(cache, { ...run, id: "gone" }, load(5))).toBe(5);
  });
});
