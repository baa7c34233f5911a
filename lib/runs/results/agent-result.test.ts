import { describe, expect, it } from "vitest";
import { summariseAgentResults } from "./agent-result";

describe("summariseAgentResults", () => {
  it("counts each agent criterion with the shared verdict rules", () => {
    const rows = [
      { criterionId: "a", status: "done", score: 0.9, passed: null },
      { criterionId: "a", status: "done", score: 0.3, passed: null },
      { criterionId: "a", status: "not-applicable", score: null, passed: null },
      { criterionId: "b", status: "done", score: 1, passed: true },
      { criterionId: "b", status: "error", score: null, passed: null },
      { criterionId: "b", status: "pending", score: null, passed: null },
    ];
    const [a, b] = summariseAgentResults(
      [
        { id: "a", scale: "continuous" },
        { id: "b", scale: "binary" },
      ],
      rows,
    );
    expect(a).toMatchObject({ criterionId: "a", total: 3, passed: 1, failed: 1, passRate: 0.5, notApplicable: 1, errors: 0, waiting: 0 });
    expect(a.meanScore).toBeCloseTo(0.6);
    expect(b).toMatchObject({ criterionId: "b", total: 3, passed: 1, failed: 0, passRate: 1, meanScore: 1, errors: 1, waiting: 1 });
  });

  it("gives nulls, not zeros, to a criterion with nothing judged", () => {
    expect(summariseAgentResults([{ id: "c", scale: "binary" }], [])).toEqual([
      { criterionId: "c", total: 0, meanScore: null, passRate: null, passed: 0, failed: 0, notApplicable: 0, errors: 0, waiting: 0 },
    ]);
  });
});
