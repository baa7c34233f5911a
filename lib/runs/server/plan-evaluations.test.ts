import { describe, expect, it } from "vitest";
import { planEvaluations, type PlannedCall } from "./plan-evaluations";

const answered: PlannedCall = { id: "t1", callId: "call_1", toolName: "get_weather", responseIndex: 2 };
const unanswered: PlannedCall = { id: "t2", callId: "call_2", toolName: "book_flight", responseIndex: null };
const modesOf = (rows: ReturnType<typeof planEvaluations>) => rows.map((row) => `${row.toolCallId}/${row.criterionId}/${row.mode}${row.notApplicable ? "/NA" : ""}`);

describe("planEvaluations", () => {
  it("auto judges in hindsight when the call has a response, immediately otherwise", () => {
    expect(modesOf(planEvaluations([answered, unanswered], ["c1"], "auto"))).toEqual(["t1/c1/hindsight", "t2/c1/immediate"]);
  });

  it("immediate gives one immediate row per call and criterion", () => {
    expect(modesOf(planEvaluations([answered, unanswered], ["c1", "c2"], "immediate"))).toEqual([
      "t1/c1/immediate",
      "t1/c2/immediate",
      "t2/c1/immediate",
      "t2/c2/immediate",
    ]);
  });

  it("hindsight settles a call without response as not applicable, saying why", () => {
    const rows = planEvaluations([answered, unanswered], ["c1"], "hindsight");
    expect(modesOf(rows)).toEqual(["t1/c1/hindsight", "t2/c1/hindsight/NA"]);
    expect(rows[1].notApplicable).toBe("call call_2 (book_flight) has no tool response, so it can only be judged immediately");
  });

  it("both gives two rows per call and criterion", () => {
    expect(modesOf(planEvaluations([answered, unanswered], ["c1"], "both"))).toEqual([
      "t1/c1/immediate",
      "t1/c1/hindsight",
      "t2/c1/immediate",
      "t2/c1/hindsight/NA",
    ]);
  });
});
