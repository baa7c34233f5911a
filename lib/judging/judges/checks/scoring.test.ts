import { describe, expect, it } from "vitest";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import type { CheckHit } from "./check";
import { CONCLUSIVE_PENALTY, PASS_QUALITY, quality, verdict, verdictQuality } from "./scoring";

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};
const hit = (penalty: number): CheckHit => ({ severity: "minor", penalty, message: "x" });

describe("quality", () => {
  it("is 1 without hits and compounds independent penalties", () => {
    expect(quality([])).toBe(1);
    expect(quality([hit(0.5), hit(0.5)])).toBeCloseTo(0.25);
    expect(quality([hit(2)])).toBe(0);
  });

  it("ranks a schema violation below a doubtful value", () => {
    expect(quality([hit(0.85)])).toBeLessThan(quality([hit(0.25)]));
    expect(quality([hit(0.25)])).toBeGreaterThanOrEqual(PASS_QUALITY);
  });
});

describe("verdictQuality", () => {
  it("lets doubts grade the quality but not fail a call by piling up", () => {
    const doubts = [hit(0.3), hit(0.3)];
    expect(quality(doubts)).toBeLessThan(PASS_QUALITY);
    expect(verdictQuality(doubts, quality(doubts))).toBe(PASS_QUALITY);
  });

  it("keeps the quality when one hit is evidence on its own", () => {
    const evidence = [hit(CONCLUSIVE_PENALTY), hit(0.3)];
    expect(verdictQuality(evidence, quality(evidence))).toBe(quality(evidence));
    expect(verdictQuality([], 1)).toBe(1);
  });
});

describe("verdict respects the prefix", () => {
  const good = 0.9;
  const bad = 0.2;

  it("Reward: high when the (quality) condition holds", () => {
    const reward = criterion("Reward tool calls that use accurate parameters");
    expect(verdict(reward, good, false)).toEqual({ score: good, passed: null });
    expect(verdict(reward, bad, false).score).toBe(bad);
  });

  it("Penalize: low when the (defect) condition holds", () => {
    const penalize = criterion("Penalize tool calls that use fabricated values");
    expect(verdict(penalize, bad, true).score).toBeCloseTo(bad);
    expect(verdict(penalize, good, true).score).toBeCloseTo(good);
  });

  it("Penalize a quality: low for good calls", () => {
    const odd = criterion("Penalize tool calls that use accurate parameters");
    expect(verdict(odd, good, false).score).toBeCloseTo(1 - good);
  });

  it("Passes if: pass when the condition holds", () => {
    const passes = criterion("Tool call passes if the arguments are accurate");
    expect(verdict(passes, good, false)).toEqual({ score: 1, passed: true });
    expect(verdict(passes, bad, false)).toEqual({ score: 0, passed: false });
  });

  it("Fails if: fail when the condition holds", () => {
    const fails = criterion("Tool call fails if a value is fabricated");
    expect(verdict(fails, bad, true)).toEqual({ score: 0, passed: false });
    expect(verdict(fails, good, true)).toEqual({ score: 1, passed: true });
    const oddFails = criterion("Tool call fails if the arguments are accurate");
    expect(verdict(oddFails, good, false).passed).toBe(false);
  });
});
