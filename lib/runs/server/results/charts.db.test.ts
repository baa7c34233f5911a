import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CriterionScale } from "@/lib/criteria/parse";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { flipMatrix, passRateByGroup, scoreHistogram } from "@/lib/runs/results/aggregates";
import { verdictOf, type Verdict } from "@/lib/runs/results/verdict";
import { dialectOf } from "@/lib/platform/db/dialect";
import { parseSnapshotValue } from "@/lib/runs/results/run-snapshot";
import { flipMatrices, passRateByTool, resultModes, runCharts, scoreDistributions } from "./charts";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

let demo: JudgedDemo;
let prisma: PrismaClient;

// Awkward values the SQL must place as the pure functions do: bin edges that floating point puts
// a hair off, the threshold itself, the ends of the range, values outside it and an infinity.
const awkwardScores = [0, 0.1, 0.2, 0.3, 0.1 * 3, 0.7, 0.6 + 0.1, 0.5, 0.49999, 0.9, 1, 1.5, -0.2];

beforeAll(async () => {
  demo = await judgedDemo("charts");
  prisma = demo.prisma;
  const rows = await prisma.evaluation.findMany({
    where: { runId: demo.bothRunId, mode: "hindsight", status: "done" },
    select: { id: true, criterion: { select: { scale: true } } },
    orderBy: { id: "asc" },
  });
  const continuous = rows.filter((row) => row.criterion.scale === "continuous");
  const binary = rows.filter((row) => row.criterion.scale === "binary");
  for (const [index, score] of awkwardScores.entries()) await prisma.evaluation.update({ where: { id: continuous[index].id }, data: { score } });
  const next = awkwardScores.length;
  // A continuous verdict is its score, whatever `passed` says.
  await prisma.evaluation.update({ where: { id: continuous[next].id }, data: { score: 0.2, passed: true } });
  await prisma.evaluation.update({ where: { id: continuous[next + 1].id }, data: { score: null } });
  // An infinite score, which only raw SQL can write (each database spells it its own way).
  const infinity = Prisma.raw(dialectOf(prisma) === "sqlite" ? "9e999" : "'Infinity'::float8");
  await prisma.$executeRaw`UPDATE "Evaluation" SET score = ${infinity} WHERE id = ${continuous[next + 2].id}`;
  await prisma.evaluation.update({ where: { id: continuous[next + 3].id }, data: { status: "error", score: null } });
  // A binary result with only a score, and one whose verdict contradicts its score.
  await prisma.evaluation.update({ where: { id: binary[0].id }, data: { passed: null, score: 1 } });
  await prisma.evaluation.update({ where: { id: binary[1].id }, data: { passed: null, score: 0 } });
  await prisma.evaluation.update({ where: { id: binary[2].id }, data: { passed: false, score: 1 } });
  await prisma.evaluation.update({ where: { id: binary[3].id }, data: { passed: null, score: null } });
}, 120_000);
afterAll(() => demo.cleanup());

async function hindsightRows(criterionId?: string) {
  const rows = await prisma.evaluation.findMany({
    where: { runId: demo.bothRunId, mode: "hindsight", ...(criterionId ? { criterionId } : {}) },
    select: { criterionId: true, status: true, score: true, passed: true, criterion: { select: { scale: true } }, toolCall: { select: { toolName: true } } },
  });
  return rows.map((row) => ({ ...row, scale: row.criterion.scale as CriterionScale }));
}

describe("resultModes", () => {
  it("lists the modes a run has results in, immediate first", async () => {
    expect(await resultModes(prisma, demo.bothRunId)).toEqual(["immediate", "hindsight"]);
    expect(await resultModes(prisma, demo.immediateRunId)).toEqual(["immediate"]);
    expect(await resultModes(prisma, "no-such-run")).toEqual([]);
  });
});

describe("scoreDistributions", () => {
  it("bins every criterion's scores in SQL exactly as scoreHistogram does", async () => {
    const rows = await hindsightRows();
    const distributions = await scoreDistributions(prisma, demo.bothRunId, "hindsight");
    expect(distributions.map((d) => d.criterionId).sort()).toEqual([...demo.criterionIds].sort());
    for (const { criterionId, histogram } of distributions) {
      const scores = rows.filter((row) => row.criterionId === criterionId && row.status === "done").map((row) => row.score);
      expect(histogram, criterionId).toEqual(scoreHistogram(scores));
    }
    const awkward = distributions.flatMap((d) => [d.histogram.outOfRange]).reduce((a, b) => a + b, 0);
    expect(awkward).toBe(2);
  });

  it("honours other bin counts", async () => {
    const rows = await hindsightRows();
    for (const binCount of [1, 3, 7, 20]) {
      for (const { criterionId, histogram } of await scoreDistributions(prisma, demo.bothRunId, "hindsight", binCount)) {
        const scores = rows.filter((row) => row.criterionId === criterionId && row.status === "done").map((row) => row.score);
        expect(histogram).toEqual(scoreHistogram(scores, binCount));
      }
    }
    await expect(scoreDistributions(prisma, demo.bothRunId, "hindsight", 0)).rejects.toThrow(RangeError);
  });

  it("counts verdicts with the rules of verdictOf", async () => {
    const rows = await hindsightRows();
    for (const { criterionId, verdicts } of await scoreDistributions(prisma, demo.bothRunId, "hindsight")) {
      const own = rows.filter((row) => row.criterionId === criterionId).map((row) => verdictOf(row, row.scale));
      expect(verdicts, criterionId).toEqual({
        passed: own.filter((v) => v === "pass").length,
        failed: own.filter((v) => v === "fail").length,
        notApplicable: own.filter((v) => v === "n/a").length,
        unsettled: own.filter((v) => v === null).length,
      });
    }
  });
});

describe("passRateByTool", () => {
  it("matches passRateByGroup over all criteria and over one", async () => {
    for (const criterionId of [undefined, demo.criterionIds[0], demo.criterionIds[5]]) {
      const rows = await hindsightRows(criterionId);
      const expected = passRateByGroup(rows.map((row) => ({ group: row.toolCall.toolName, verdict: verdictOf(row, row.scale) })));
      const actual = await passRateByTool(prisma, demo.bothRunId, "hindsight", criterionId);
      expect(actual.map(({ tool, rate, passed, failed, notApplicable }) => ({ group: tool, rate, passed, failed, notApplicable }))).toEqual(expected);
    }
  });
});

describe("flipMatrices", () => {
  it("gives flipMatrix's answer from the stored comparisons", async () => {
    const matrices = await flipMatrices(prisma, demo.bothRunId);
    const comparisons = await prisma.callComparison.findMany({ where: { runId: demo.bothRunId } });
    expect(comparisons.length).toBeGreaterThan(0);
    const asVerdict = (v: string): Verdict | null => (v === "pass" || v === "fail" || v === "n/a" ? v : null);
    for (const { criterionId, matrix } of matrices) {
      const pairs = comparisons.filter((c) => c.criterionId === criterionId).map((c) => ({ immediate: asVerdict(c.immediateVerdict), hindsight: asVerdict(c.hindsightVerdict) }));
      expect(matrix).toEqual(flipMatrix(pairs));
    }
    expect(matrices.some(({ matrix }) => matrix.flips > 0)).toBe(true);
  });

  it("is empty for a run judged in one mode", async () => {
    expect(await flipMatrices(prisma, demo.immediateRunId)).toEqual([]);
  });
});

describe("runCharts (the worker's charts snapshot)", () => {
  it("holds what the page's queries give, for every mode and every scope of the pass rate, in the snapshot's shape", async () => {
    for (const runId of [demo.bothRunId, demo.immediateRunId]) {
      const charts = await runCharts(prisma, runId);
      expect(parseSnapshotValue("charts", charts)).toEqual(charts);
      const modes = await resultModes(prisma, runId);
      expect(charts.modes.map((entry) => entry.mode)).toEqual(modes);
      for (const entry of charts.modes) {
        expect(entry.distributions).toEqual(await scoreDistributions(prisma, runId, entry.mode));
        // All criteria first, then each criterion with results in the mode.
        expect(entry.byTool[0].criterionId).toBeNull();
        expect(entry.byTool.slice(1).map((scope) => scope.criterionId).sort()).toEqual(entry.distributions.map((distribution) => distribution.criterionId).sort());
        expect(entry.byTool.length).toBeGreaterThan(2);
        for (const scope of entry.byTool) expect(scope.tools).toEqual(await passRateByTool(prisma, runId, entry.mode, scope.criterionId ?? undefined));
      }
      expect(charts.matrices).toEqual(await flipMatrices(prisma, runId));
    }
  });
});
