import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson";

describe("wilsonInterval", () => {
  it("is wide for one result and narrow for many", () => {
    const one = wilsonInterval(1, 1);
    expect(one?.low).toBeCloseTo(0.207, 3);
    expect(one?.high).toBe(1);
    const many = wilsonInterval(300, 300);
    expect(many?.low).toBeGreaterThan(0.98);
  });

  it("matches the textbook value for 8 of 10", () => {
    const interval = wilsonInterval(8, 10);
    expect(interval?.low).toBeCloseTo(0.4902, 3);
    expect(interval?.high).toBeCloseTo(0.9433, 3);
  });

  it("has nothing to say without results or with impossible counts", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(-1, 2)).toBeNull();
  });
});
