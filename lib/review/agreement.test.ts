import { describe, expect, it } from "vitest";
import { humanAgreement, type ReviewedResult } from "./agreement";

const binary = (judgePassed: boolean, verdict: ReviewedResult["verdict"], humanPassed: boolean | null = null, overrides: Partial<ReviewedResult> = {}): ReviewedResult => ({
  judgeId: "checks",
  criterionId: "c-binary",
  scale: "binary",
  judgeScore: judgePassed ? 1 : 0,
  judgePassed,
  verdict,
  humanPassed,
  humanScore: null,
  ...overrides,
});

const continuous = (judgeScore: number, verdict: ReviewedResult["verdict"], humanScore: number | null = null): ReviewedResult => ({
  judgeId: "checks",
  criterionId: "c-score",
  scale: "continuous",
  judgeScore,
  judgePassed: null,
  verdict,
  humanPassed: null,
  humanScore,
});

describe("humanAgreement", () => {
  it("counts verdicts and leaves discussions out of the rate", () => {
    const [result] = humanAgreement([binary(true, "agree"), binary(false, "agree"), binary(true, "disagree", false), binary(true, "discuss")]);
    expect(result).toMatchObject({ judgeId: "checks", criterionId: "c-binary", scale: "binary", reviewed: 4, agreed: 2, disagreed: 1, discussed: 1 });
    expect(result.agreementRate).toBeCloseTo(2 / 3);
  });

  it("builds the confusion matrix from the judge's verdict and the human one", () => {
    const rows = [
      binary(true, "agree"), // pass / pass
      binary(true, "agree"), // pass / pass
      binary(false, "agree"), // fail / fail
      binary(true, "disagree", false), // pass / fail
      binary(false, "disagree", true), // fail / pass
      binary(false, "disagree", true), // fail / pass
      binary(false, "discuss"), // left out
    ];
    const [result] = humanAgreement(rows);
    expect(result.confusion).toEqual({ pass: { pass: 2, fail: 1 }, fail: { pass: 2, fail: 1 } });
    // observed 3/6; judge passes 3/6, human passes 4/6: chance = 0.5·(4/6) + 0.5·(2/6) = 0.5.
    expect(result.kappa).toBeCloseTo(0);
  });

  it("binarises continuous scores at the pass threshold", () => {
    const [result] = humanAgreement([
      continuous(0.8, "disagree", 0.2), // pass / fail
      continuous(0.8, "disagree", 0.6), // pass / pass: another score, same verdict
      continuous(0.3, "agree"), // fail / fail
      continuous(0.5, "agree"), // pass / pass
    ]);
    expect(result).toMatchObject({ agreed: 2, disagreed: 2, agreementRate: 0.5 });
    expect(result.confusion).toEqual({ pass: { pass: 2, fail: 1 }, fail: { pass: 0, fail: 1 } });
    expect(result.kappa).toBeCloseTo(0.5);
  });

  it("gives a perfect kappa when people always agree on a judge with both verdicts", () => {
    const [result] = humanAgreement([binary(true, "agree"), binary(false, "agree")]);
    expect(result).toMatchObject({ agreementRate: 1, kappa: 1 });
  });

  it("has no rate or kappa when nothing was decided", () => {
    const [result] = humanAgreement([binary(true, "discuss")]);
    expect(result).toMatchObject({ reviewed: 1, discussed: 1, agreementRate: null, kappa: null });
    expect(result.confusion).toEqual({ pass: { pass: 0, fail: 0 }, fail: { pass: 0, fail: 0 } });
  });

  it("keeps results without a judge verdict or a usable correction out of the matrix, not out of the counts", () => {
    const [result] = humanAgreement([binary(true, "agree", null, { judgePassed: null, judgeScore: null }), binary(true, "disagree", null)]);
    expect(result).toMatchObject({ reviewed: 2, agreed: 1, disagreed: 1 });
    expect(result.confusion).toEqual({ pass: { pass: 0, fail: 0 }, fail: { pass: 0, fail: 0 } });
  });

  it("groups by judge and criterion, in a stable order", () => {
    const results = humanAgreement([
      binary(true, "agree", null, { judgeId: "openai:gpt" }),
      continuous(0.2, "agree"),
      binary(true, "agree"),
      binary(false, "agree", null, { judgeId: "openai:gpt" }),
    ]);
    expect(results.map((r) => [r.judgeId, r.criterionId, r.reviewed])).toEqual([
      ["checks", "c-binary", 1],
      ["checks", "c-score", 1],
      ["openai:gpt", "c-binary", 2],
    ]);
    expect(humanAgreement([])).toEqual([]);
  });
});
