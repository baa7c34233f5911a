import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeAgreementForCriteria, judgeAgreementForRun } from "@/lib/server/review/judge-agreement";
import { criteriaHumanAgreement, runHumanAgreement } from "./human-agreement";
import { reviewedDemo, type ReviewedDemo } from "./review-test-fixtures";

let demo: ReviewedDemo;
beforeAll(async () => {
  demo = await reviewedDemo("agreement");
}, 120_000);
afterAll(() => demo.cleanup());

describe("human agreement in one statement", () => {
  it("equals the review service's agreement for the run and across runs", async () => {
    const run = await runHumanAgreement(demo.prisma, demo.runId);
    expect(run).toEqual(await judgeAgreementForRun(demo.prisma, demo.runId));
    expect(await criteriaHumanAgreement(demo.prisma)).toEqual(await judgeAgreementForCriteria(demo.prisma));
    // Four verdicts: the disputed, the rescored, the agreed and the discussed; the open item has none.
    expect(run.reduce((sum, row) => sum + row.reviewed, 0)).toBe(4);
    expect(run.reduce((sum, row) => sum + row.disagreed, 0)).toBe(2);
  });

  it("is empty for a run nobody reviewed", async () => {
    expect(await runHumanAgreement(demo.prisma, "no-such-run")).toEqual([]);
  });
});
