import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criteriaHumanAgreement, runHumanAgreement } from "./human-agreement";
import { reviewedDemo, type ReviewedDemo } from "./results-test-fixtures";

let demo: ReviewedDemo;
beforeAll(async () => {
  demo = await reviewedDemo("agreement");
}, 120_000);
afterAll(() => demo.cleanup());

describe("human agreement in one statement", () => {
  it("counts every verdict of the run, and the same across runs when only one run was reviewed", async () => {
    const run = await runHumanAgreement(demo.prisma, demo.runId);
    expect(await criteriaHumanAgreement(demo.prisma)).toEqual(run);
    // Four verdicts: the disputed, the rescored, the agreed and the discussed; the open item has none.
    expect(run.reduce((sum, row) => sum + row.reviewed, 0)).toBe(4);
    expect(run.reduce((sum, row) => sum + row.disagreed, 0)).toBe(2);
  });

  it("is empty for a run nobody reviewed", async () => {
    expect(await runHumanAgreement(demo.prisma, "no-such-run")).toEqual([]);
  });
});
