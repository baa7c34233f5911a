import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CriterionScale } from "@/lib/criteria/parse";
import { agreementRate, cohensKappa, pearsonCorrelation } from "@/lib/runs/results/aggregates";
import { verdictOf } from "@/lib/runs/results/verdict";
import { comparePage, compareSetup, compareStats, seriesMode } from "./compare-criteria";
import { compareParamsSchema } from "./compare-params";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

describe("compareParamsSchema", () => {
  it("reads repeated parameters as de-duplicated lists and drops junk", () => {
    const params = compareParamsSchema.parse({ run: ["r1", "", "r1", "r2", "r3"], criterion: "c1", mode: "sideways", disagree: "1", page: "2", size: "7" });
    expect(params).toEqual({ run: ["r1", "r2"], criterion: ["c1"], mode: undefined, disagree: "1", page: 2, size: 25 });
    expect(compareParamsSchema.parse({})).toMatchObject({ run: [], criterion: [], page: 1 });
    expect(compareParamsSchema.parse({ criterion: ["a", "b", "c", "d", "e", "f", "g", "h"] }).criterion).toHaveLength(6);
  });
});

describe("seriesMode", () => {
  it("reads a both-mode run in the chosen mode, hindsight by default, and other runs in their own", () => {
    expect(seriesMode("both", undefined)).toBe("hindsight");
    expect(seriesMode("both", "immediate")).toBe("immediate");
    expect(seriesMode("immediate", "hindsight")).toBe("immediate");
    expect(seriesMode("hindsight", undefined)).toBe("hindsight");
    expect(seriesMode("auto", "immediate")).toBeNull();
  });
});

describe("with judged runs", () => {
  let demo: JudgedDemo;
  beforeAll(async () => {
    demo = await judgedDemo("compare");
  }, 120_000);
  afterAll(() => demo.cleanup());

  const setup = (query: Record<string, string | string[]>) => compareSetup(demo.prisma, compareParamsSchema.parse(query));

  async function verdictsByCall(runId: string, criterionId: string, mode: string) {
    const rows = await demo.prisma.evaluation.findMany({ where: { runId, criterionId, mode }, include: { criterion: { select: { scale: true } } } });
    return new Map(rows.map((row) => [row.toolCallId, { verdict: verdictOf(row, row.criterion.scale as CriterionScale), score: row.status === "done" ? row.score : null }]));
  }

  it("builds series per criterion and run, skipping unknown runs and criteria a run lacks", async () => {
    const { runs, series } = await setup({ run: [demo.bothRunId, "no-such-run"], criterion: [demo.criterionIds[0], "no-such-criterion", demo.criterionIds[4]] });
    expect(runs.map((run) => run.id)).toEqual([demo.bothRunId]);
    expect(series.map((s) => [s.criterion.id, s.mode])).toEqual([
      [demo.criterionIds[0], "hindsight"],
      [demo.criterionIds[4], "hindsight"],
    ]);
    const across = await setup({ run: [demo.bothRunId, demo.immediateRunId], criterion: [demo.criterionIds[1], demo.criterionIds[6]], mode: "immediate" });
    expect(across.series.map((s) => [s.runId, s.criterion.id])).toEqual([
      [demo.bothRunId, demo.criterionIds[1]],
      [demo.immediateRunId, demo.criterionIds[1]],
      [demo.bothRunId, demo.criterionIds[6]],
    ]);
  });

  it("lists every call of the run in order, and with disagree=1 exactly those where the verdicts differ", async () => {
    const [a, b] = [demo.criterionIds[0], demo.criterionIds[5]];
    const { series } = await setup({ run: demo.bothRunId, criterion: [a, b] });
    const all = await comparePage(demo.prisma, series, false, 0, 100);
    expect(all.total).toBe(await demo.prisma.toolCall.count());
    expect(all.rows).toHaveLength(all.total);
    const [left, right] = await Promise.all([verdictsByCall(demo.bothRunId, a, "hindsight"), verdictsByCall(demo.bothRunId, b, "hindsight")]);
    for (const row of all.rows) {
      expect(row.cells.map((cell) => cell?.verdict)).toEqual([left.get(row.toolCallId)?.verdict, right.get(row.toolCallId)?.verdict]);
    }
    const expected = all.rows.filter((row) => {
      const verdicts = [left.get(row.toolCallId)?.verdict, right.get(row.toolCallId)?.verdict];
      return verdicts.includes("pass") && verdicts.includes("fail");
    });
    expect(expected.length).toBeGreaterThan(0);
    const disagreeing = await comparePage(demo.prisma, series, true, 0, 100);
    expect(disagreeing.total).toBe(expected.length);
    expect(disagreeing.rows.map((row) => row.toolCallId)).toEqual(expected.map((row) => row.toolCallId));
    expect(disagreeing.rows.every((row) => row.disagree)).toBe(true);

    const second = await comparePage(demo.prisma, series, false, 5, 5);
    expect(second.rows.map((row) => row.toolCallId)).toEqual(all.rows.slice(5, 10).map((row) => row.toolCallId));
  });

  it("computes agreement, kappa and correlation with lib/runs/results over the calls both judged", async () => {
    const [a, b] = [demo.criterionIds[0], demo.criterionIds[5]];
    const { series } = await setup({ run: demo.bothRunId, criterion: [a, b], mode: "immediate" });
    const [stats] = await compareStats(demo.prisma, series);
    const [left, right] = await Promise.all([verdictsByCall(demo.bothRunId, a, "immediate"), verdictsByCall(demo.bothRunId, b, "immediate")]);
    const ids = [...left.keys()].filter((id) => right.has(id));
    const verdicts = ids.map((id) => ({ a: left.get(id)?.verdict ?? null, b: right.get(id)?.verdict ?? null }));
    expect(stats).toEqual({
      a: 0,
      b: 1,
      calls: ids.length,
      agreement: agreementRate(verdicts),
      kappa: cohensKappa(verdicts),
      correlation: pearsonCorrelation(ids.map((id) => ({ a: left.get(id)?.score ?? null, b: right.get(id)?.score ?? null }))),
    });
  });

  it("compares one criterion across two runs on the calls both judged", async () => {
    const criterion = demo.criterionIds[1];
    const { series } = await setup({ run: [demo.bothRunId, demo.immediateRunId], criterion, mode: "immediate" });
    const page = await comparePage(demo.prisma, series, false, 0, 100);
    expect(page.total).toBe(await demo.prisma.toolCall.count());
    const [stats] = await compareStats(demo.prisma, series);
    // The same judge on the same calls in the same mode: the two runs agree everywhere.
    expect(stats.agreement.rate).toBe(1);
    expect((await comparePage(demo.prisma, series, true, 0, 100)).total).toBe(0);
    expect(await compareStats(demo.prisma, series.slice(0, 1))).toEqual([]);
    expect(await comparePage(demo.prisma, [], false, 0, 10)).toEqual({ rows: [], total: 0 });
  });
});
