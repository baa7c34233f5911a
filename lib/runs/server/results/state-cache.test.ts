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

  it("shares a load under way with the callers that arrive for the same state meanwhile", async () => {
    const cache = new StateCache<number>();
    const done = { id: "r", status: "done", doneCount: 10, errorCount: 0, finishedAt: new Date(1000) };
    const gate = deferred<number>();
    let loads = 0;
    const slow = () => (loads++, gate.promise);
    const views = [remembered(cache, done, slow), remembered(cache, done, slow), remembered(cache, done, slow)];
    // Another finished state (a retry finished since) does not wait for a value it must not show.
    const retried = remembered(cache, { ...done, errorCount: 1 }, async () => (loads++, 7));
    gate.resolve(5);
    expect(await Promise.all(views)).toEqual([5, 5, 5]);
    expect(await retried).toBe(7);
    expect(loads).toBe(2);
  });

  it("lets a running run's views join a load started at an earlier count, but never a finished run's", async () => {
    const cache = new StateCache<number>();
    const running = { id: "r", status: "running", doneCount: 10, errorCount: 0, finishedAt: null };
    const gate = deferred<number>();
    const first = remembered(cache, running, () => gate.promise);
    const later = remembered(cache, { ...running, doneCount: 12 }, async () => 2);
    const finished = remembered(cache, { ...running, status: "done", doneCount: 12, finishedAt: new Date(1) }, async () => 3);
    gate.resolve(1);
    expect(await Promise.all([first, later, finished])).toEqual([1, 1, 3]);
  });

  it("gives a failed load's error to every caller waiting for it, and loads again next time", async () => {
    const cache = new StateCache<number>();
    const run = { id: "r", status: "done", doneCount: 1, errorCount: 0, finishedAt: new Date(1) };
    const gate = deferred<number>();
    const waiting = [remembered(cache, run, () => gate.promise), remembered(cache, run, async () => 2)];
    gate.reject(new Error("database gone"));
    for (const view of waiting) await expect(view).rejects.toThrow("database gone");
    expect(await remembered(cache, run, async () => 3)).toBe(3);
  });
});

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}
