import { describe, expect, it } from "vitest";
import { checkVerdictFitsScale, correctedResult, humanVerdictFromRow, humanVerdictSchema, verdictColumns, type HumanVerdict } from "./human-verdict";

describe("humanVerdictSchema", () => {
  it.each<[unknown, HumanVerdict]>([
    [{ verdict: "agree" }, { verdict: "agree" }],
    [{ verdict: "discuss" }, { verdict: "discuss" }],
    [{ verdict: "disagree", passed: false }, { verdict: "disagree", passed: false }],
    [{ verdict: "disagree", score: 0.25 }, { verdict: "disagree", score: 0.25 }],
    [{ verdict: "disagree", score: 0 }, { verdict: "disagree", score: 0 }],
  ])("accepts %j", (input, expected) => {
    expect(humanVerdictSchema.parse(input)).toEqual(expected);
  });

  it.each<[string, unknown, RegExp]>([
    ["no correction", { verdict: "disagree" }, /needs the correct result/],
    ["two corrections", { verdict: "disagree", passed: true, score: 0.2 }, /one of them/],
    ["a score out of range", { verdict: "disagree", score: 1.2 }, /from 0 to 1/],
    ["a score that is not a number", { verdict: "disagree", score: Number.NaN }, /number from 0 to 1/],
    ["a verdict that is a string", { verdict: "disagree", passed: "fail" }, /pass \(true\) or fail \(false\)/],
    ["an unknown verdict", { verdict: "maybe" }, /Choose a verdict/],
    ["not an object", "agree", /Choose a verdict/],
    ["extra keys", { verdict: "agree", score: 1 }, /Unrecognized key/],
  ])("refuses %s", (_, input, message) => {
    const parsed = humanVerdictSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join(" ")).toMatch(message);
  });
});

describe("checkVerdictFitsScale", () => {
  it("accepts agree and discuss on either scale", () => {
    for (const scale of ["binary", "continuous"] as const) {
      expect(checkVerdictFitsScale({ verdict: "agree" }, scale)).toEqual({ ok: true });
      expect(checkVerdictFitsScale({ verdict: "discuss" }, scale)).toEqual({ ok: true });
    }
  });

  it("wants pass/fail on a binary criterion and a score on a continuous one", () => {
    expect(checkVerdictFitsScale({ verdict: "disagree", passed: false }, "binary")).toEqual({ ok: true });
    expect(checkVerdictFitsScale({ verdict: "disagree", score: 0.2 }, "continuous")).toEqual({ ok: true });
    expect(checkVerdictFitsScale({ verdict: "disagree", score: 0.2 }, "binary")).toEqual({ ok: false, message: expect.stringMatching(/gives pass or fail/) });
    expect(checkVerdictFitsScale({ verdict: "disagree", passed: true }, "continuous")).toEqual({ ok: false, message: expect.stringMatching(/score from 0 to 1/) });
  });

  it("refuses a correction that repeats the judge", () => {
    expect(checkVerdictFitsScale({ verdict: "disagree", passed: true }, "binary", { score: 1, passed: true })).toEqual({
      ok: false,
      message: "The judge already said pass: agree instead, or correct it to fail.",
    });
    expect(checkVerdictFitsScale({ verdict: "disagree", passed: false }, "binary", { score: 1, passed: true })).toEqual({ ok: true });
    expect(checkVerdictFitsScale({ verdict: "disagree", score: 0.4 }, "continuous", { score: 0.4, passed: null }).ok).toBe(false);
    expect(checkVerdictFitsScale({ verdict: "disagree", score: 0.45 }, "continuous", { score: 0.4, passed: null }).ok).toBe(true);
  });
});

describe("verdict columns", () => {
  it.each<HumanVerdict>([{ verdict: "agree" }, { verdict: "discuss" }, { verdict: "disagree", passed: true }, { verdict: "disagree", score: 0.3 }])("round-trip %j", (verdict) => {
    expect(humanVerdictFromRow(verdictColumns(verdict))).toEqual(verdict);
  });

  it("stores only the correction that applies", () => {
    expect(verdictColumns({ verdict: "disagree", score: 0.3 })).toEqual({ verdict: "disagree", humanPassed: null, humanScore: 0.3 });
    expect(verdictColumns({ verdict: "agree" })).toEqual({ verdict: "agree", humanPassed: null, humanScore: null });
  });

  it("reads no verdict from an unreviewed or broken row", () => {
    expect(humanVerdictFromRow({ verdict: null, humanPassed: null, humanScore: null })).toBeNull();
    expect(humanVerdictFromRow({ verdict: "disagree", humanPassed: null, humanScore: null })).toBeNull();
    expect(humanVerdictFromRow({ verdict: "needs-fix", humanPassed: true, humanScore: null })).toBeNull();
  });
});

describe("correctedResult", () => {
  it("shows a binary correction and whether it overturns the judge", () => {
    expect(correctedResult({ score: 1, passed: true }, { verdict: "disagree", passed: false })).toEqual({ verdict: "disagree", passed: false, score: null, overturned: true, label: "human: fail" });
  });

  it("shows a score correction with the verdict it implies", () => {
    expect(correctedResult({ score: 0.8, passed: null }, { verdict: "disagree", score: 0.3 }, "continuous")).toEqual({
      verdict: "disagree",
      passed: false,
      score: 0.3,
      overturned: true,
      label: "human: 0.30 (fail)",
    });
    // Same side of the threshold: a different score, not a different verdict.
    expect(correctedResult({ score: 0.8, passed: null }, { verdict: "disagree", score: 0.6 }).overturned).toBe(false);
  });

  it("stands behind the judge's own result on agreement", () => {
    expect(correctedResult({ score: 0.2, passed: null }, { verdict: "agree" }, "continuous")).toEqual({ verdict: "agree", passed: false, score: 0.2, overturned: false, label: "human: agrees" });
    expect(correctedResult({ score: 0, passed: false }, { verdict: "agree" })).toMatchObject({ passed: false, score: null });
  });

  it("gives no result while under discussion", () => {
    expect(correctedResult({ score: 1, passed: true }, { verdict: "discuss" })).toEqual({ verdict: "discuss", passed: null, score: null, overturned: false, label: "human: to discuss" });
  });
});
