import { describe, expect, it } from "vitest";
import { binaryMetrics, byCategory, continuousMetrics, headline, criterionMetrics, type LabelledJudgement } from "./bench-judge-report";

function row(verdict: "pass" | "fail", passed: boolean | null, score: number | null, extra: Partial<LabelledJudgement> = {}): LabelledJudgement {
  return { caseId: "c", pair: null, category: null, caseHasDefect: verdict === "fail", label: { verdict, defect: verdict === "fail" ? "d" : null }, results: [{ score, passed }], ...extra };
}

describe("bench report metrics", () => {
  it("fail precision is the share of fail verdicts that were right; n/a is counted apart", () => {
    const rows = [row("fail", false, 0), row("fail", false, 0), row("pass", false, 0), row("pass", true, 1), row("pass", null, null)];
    const metrics = binaryMetrics(rows, 0);
    expect(metrics.failPrecision).toBeCloseTo(2 / 3);
    expect(metrics.verdictShare).toBeCloseTo(4 / 5);
    // Not applicable is never right: good calls 1 of 3, bad calls 2 of 2.
    expect(metrics.balancedAccuracy).toBeCloseTo((1 / 3 + 1) / 2);
  });

  it("gives each check the precision of the fail verdicts it took part in", () => {
    const failed = (verdict: "pass" | "fail", checks: string[]) => ({ ...row(verdict, false, 0), results: [{ score: 0, passed: false, checks }] });
    const passed = { ...row("fail", true, 1), results: [{ score: 1, passed: true, checks: ["tool-error"] }] };
    const metrics = binaryMetrics([failed("fail", ["tool-error", "tool-error"]), failed("pass", ["tool-error", "unconfirmed-action"]), failed("fail", ["unconfirmed-action"]), passed], 0);
    expect(metrics.perCheckFailPrecision).toEqual({ "tool-error": { precision: 0.5, count: 2 }, "unconfirmed-action": { precision: 0.5, count: 2 } });
  });

  it("fail precision is undefined when nothing was failed", () => {
    expect(binaryMetrics([row("pass", true, 1)], 0).failPrecision).toBeNaN();
  });

  it("pairs a good twin's calls with the bad twin's defective calls only", () => {
    const rows = [
      row("pass", true, 0.9, { pair: "p", caseHasDefect: false }),
      row("pass", true, 0.95, { pair: "p", caseHasDefect: true }),
      row("fail", false, 0.2, { pair: "p", caseHasDefect: true }),
    ];
    const metrics = continuousMetrics(rows, 0);
    expect(metrics.pairs).toBe(1);
    expect(metrics.pairwiseAccuracy).toBe(1);
  });

  it("groups rows by category and reports headline figures per group", () => {
    const rows = [row("pass", true, 1, { category: "a" }), row("fail", true, 1, { category: "b" }), row("fail", false, 0)];
    const groups = byCategory(rows);
    expect([...groups.keys()]).toEqual(["a", "b", "(none)"]);
    const b = headline(criterionMetrics(groups.get("b") ?? [], [{ text: "Tool call passes if x", scale: "binary" }]));
    expect(b.balancedAccuracy).toBe(0);
    expect(b.pairwiseAccuracy).toBeNaN();
  });
});
