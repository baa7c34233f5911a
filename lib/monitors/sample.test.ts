import { describe, expect, it } from "vitest";
import { sampled } from "./sample";

describe("sampled", () => {
  it("takes every transcript at 1 and none at 0", () => {
    expect(sampled("m", "t", 1)).toBe(true);
    expect(sampled("m", "t", 0)).toBe(false);
  });

  it("answers the same for the same pair, and takes about the rate's share", () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `transcript-${i}`);
    const first = ids.map((id) => sampled("monitor-a", id, 0.25));
    expect(ids.map((id) => sampled("monitor-a", id, 0.25))).toEqual(first);
    const share = first.filter(Boolean).length / ids.length;
    expect(share).toBeGreaterThan(0.23);
    expect(share).toBeLessThan(0.27);
  });

  it("draws independently per monitor", () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `t${i}`);
    const a = ids.filter((id) => sampled("monitor-a", id, 0.5));
    const b = ids.filter((id) => sampled("monitor-b", id, 0.5));
    expect(a).not.toEqual(b);
  });
});
