import { describe, expect, it } from "vitest";
import { MAX_WARM_PASSES, MIN_WARM_CPU_SECONDS, MIN_WARM_PASSES, addTimings, firstDifference, wantsAnotherPass } from "./bench-judge-passes";

describe("wantsAnotherPass", () => {
  it("runs at least the minimum number of warm passes however much CPU they used", () => {
    expect(wantsAnotherPass(0, 0, null)).toBe(true);
    expect(wantsAnotherPass(MIN_WARM_PASSES - 1, 100, null)).toBe(true);
    expect(wantsAnotherPass(MIN_WARM_PASSES, 100, null)).toBe(false);
  });

  it("goes on until the warm passes have used enough CPU, within a bound", () => {
    expect(wantsAnotherPass(MIN_WARM_PASSES, MIN_WARM_CPU_SECONDS - 0.01, null)).toBe(true);
    expect(wantsAnotherPass(MIN_WARM_PASSES + 4, MIN_WARM_CPU_SECONDS, null)).toBe(false);
    expect(wantsAnotherPass(MAX_WARM_PASSES, 0.1, null)).toBe(false);
  });

  it("runs exactly the requested number of passes when one is given", () => {
    expect(wantsAnotherPass(0, 0, 1)).toBe(true);
    expect(wantsAnotherPass(1, 0, 1)).toBe(false);
    expect(wantsAnotherPass(5, 10, 8)).toBe(true);
  });
});

describe("addTimings", () => {
  it("adds the passes' clocks", () => {
    expect(
      addTimings([
        { seconds: 1, cpuSeconds: 1.5, threadSeconds: 0.75 },
        { seconds: 0.5, cpuSeconds: 0.5, threadSeconds: 0.25 },
      ]),
    ).toEqual({ seconds: 1.5, cpuSeconds: 2, threadSeconds: 1 });
  });

  it("has no thread time when any pass lacks it", () => {
    expect(
      addTimings([
        { seconds: 1, cpuSeconds: 1, threadSeconds: 1 },
        { seconds: 1, cpuSeconds: 1, threadSeconds: null },
      ]).threadSeconds,
    ).toBeNull();
  });
});

describe("firstDifference", () => {
  it("is -1 for identical passes", () => {
    expect(firstDifference(["a", "b"], ["a", "b"])).toBe(-1);
  });

  it("points at the first judgement that changed", () => {
    expect(firstDifference(["a", "b", "c"], ["a", "x", "y"])).toBe(1);
  });

  it("points past the shorter pass when one judged fewer calls", () => {
    expect(firstDifference(["a", "b"], ["a"])).toBe(1);
    expect(firstDifference(["a"], ["a", "b"])).toBe(1);
  });
});
