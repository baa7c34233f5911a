import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewMode } from "@/lib/judging/judges/types";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { flipMatrix, type FlipMatrix, type ScoreHistogram } from "@/lib/runs/results/aggregates";
import type { SnapshotValue } from "@/lib/runs/results/run-snapshot";
import { VERDICTS, type Verdict } from "@/lib/runs/results/verdict";
import { countWhere, FAIL_SQL, FINITE_SCORE_SQL, NOT_APPLICABLE_SQL, PASS_SQL, toNumber } from "./verdict-sql";

/*
 * The numbers behind the run's charts, each one SQL aggregate: a run of fifty thousand results
 * sends a few hundred numbers to the page, never its rows. The rules are those of
 * lib/runs/results/aggregates (tests hold the two to the same answers).
 */

/** The modes a run has results in, immediate first. */
export async function resultModes(prisma: PrismaClient, runId: string): Promise<ViewMode[]> {
  const rows = await prisma.evaluation.groupBy({ by: ["mode"], where: { runId } });
  return (["immediate", "hindsight"] as const).filter((mode) => rows.some((row) => row.mode === mode));
}

export interface VerdictCounts {
  passed: number;
  failed: number;
  notApplicable: number;
  /** Results without a verdict: pending, running, error, or a done row lacking its value. */
  unsettled: number;
}

export interface CriterionDistribution {
  criterionId: string;
  histogram: ScoreHistogram;
  verdicts: VerdictCounts;
}

/**
 * Per criterion, its finite scores in `binCount` equal bins over [0, 1] (the last holds 1.0
 * too, and scores outside are counted apart), and its verdict counts. SQL places a score with
 * floor(score × n) and then corrects it against the bin edges i / n, as scoreHistogram does.
 */
export async function scoreDistributions(prisma: PrismaClient, runId: string, mode: ViewMode, binCount = 10): Promise<CriterionDistribution[]> {
  if (!Number.isInteger(binCount) || binCount < 1) throw new RangeError(`binCount must be a positive integer, got ${binCount}`);
  const last = binCount - 1;
  const dialect = sqlDialect(prisma);
  const [bins, verdicts] = await Promise.all([
    prisma.$queryRaw<{ criterionId: string; bin: unknown; count: unknown }[]>(Prisma.sql`
      SELECT "criterionId",
        CASE
          WHEN score < 0 OR score > 1 THEN -1
          WHEN b > 0 AND score < CAST(b AS DOUBLE PRECISION) / ${binCount} THEN b - 1
          WHEN b < ${last} AND score >= CAST(b + 1 AS DOUBLE PRECISION) / ${binCount} THEN b + 1
          ELSE b
        END AS bin,
        COUNT(*) AS count
      FROM (
        SELECT e."criterionId" AS "criterionId", e.score AS score, ${dialect.least(dialect.floorToInteger(Prisma.sql`e.score * ${binCount}`), Prisma.sql`${last}`)} AS b
        FROM "Evaluation" e
        WHERE e."runId" = ${runId} AND e.mode = ${mode} AND ${FINITE_SCORE_SQL}
      ) AS binned
      GROUP BY "criterionId", bin`),
    prisma.$queryRaw<{ criterionId: string; total: unknown; passed: unknown; failed: unknown; notApplicable: unknown }[]>(Prisma.sql`
      SELECT e."criterionId" AS "criterionId", COUNT(*) AS total,
        ${countWhere(PASS_SQL)} AS passed, ${countWhere(FAIL_SQL)} AS failed, ${countWhere(NOT_APPLICABLE_SQL)} AS "notApplicable"
      FROM "Evaluation" e JOIN "Criterion" c ON c.id = e."criterionId"
      WHERE e."runId" = ${runId} AND e.mode = ${mode}
      GROUP BY e."criterionId"`),
  ]);
  return verdicts.map((row) => {
    const histogram: ScoreHistogram = {
      bins: Array.from({ length: binCount }, (_, index) => ({ from: index / binCount, to: (index + 1) / binCount, count: 0 })),
      total: 0,
      outOfRange: 0,
    };
    for (const bin of bins.filter((candidate) => candidate.criterionId === row.criterionId)) {
      const index = toNumber(bin.bin);
      const count = toNumber(bin.count);
      if (index < 0) histogram.outOfRange += count;
      else {
        histogram.bins[index].count += count;
        histogram.total += count;
      }
    }
    const passed = toNumber(row.passed);
    const failed = toNumber(row.failed);
    const notApplicable = toNumber(row.notApplicable);
    return { criterionId: row.criterionId, histogram, verdicts: { passed, failed, notApplicable, unsettled: toNumber(row.total) - passed - failed - notApplicable } };
  });
}

export interface ToolPassRate extends VerdictCounts {
  tool: string;
  /** passed / (passed + failed); null when nothing passed or failed. */
  rate: number | null;
}

type ToolCountsRow = { tool: string; total: unknown; passed: unknown; failed: unknown; notApplicable: unknown };

const toolPassRate = (row: ToolCountsRow): ToolPassRate => {
  const passed = toNumber(row.passed);
  const failed = toNumber(row.failed);
  const notApplicable = toNumber(row.notApplicable);
  return { tool: row.tool, passed, failed, notApplicable, unsettled: toNumber(row.total) - passed - failed - notApplicable, rate: passed + failed ? passed / (passed + failed) : null };
};

const byToolName = (a: ToolPassRate, b: ToolPassRate) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0);

/** The verdict counts of one mode's results per tool, grouped by `by` as well. */
const toolCounts = (runId: string, mode: ViewMode, by: Prisma.Sql, where: Prisma.Sql = Prisma.empty) => Prisma.sql`
    SELECT t."toolName" AS tool${by}, COUNT(*) AS total,
      ${countWhere(PASS_SQL)} AS passed, ${countWhere(FAIL_SQL)} AS failed, ${countWhere(NOT_APPLICABLE_SQL)} AS "notApplicable"
    FROM "Evaluation" e
    JOIN "Criterion" c ON c.id = e."criterionId"
    JOIN "ToolCall" t ON t.id = e."toolCallId"
    WHERE e."runId" = ${runId} AND e.mode = ${mode} ${where}
    GROUP BY t."toolName"${by}`;

/** Pass rate per tool over one criterion's results, or over all criteria's, in one mode; sorted by tool name. */
export async function passRateByTool(prisma: PrismaClient, runId: string, mode: ViewMode, criterionId?: string): Promise<ToolPassRate[]> {
  const rows = await prisma.$queryRaw<ToolCountsRow[]>(toolCounts(runId, mode, Prisma.empty, criterionId ? Prisma.sql`AND e."criterionId" = ${criterionId}` : Prisma.empty));
  return rows.map(toolPassRate).sort(byToolName);
}

/**
 * passRateByTool for every criterion with results in the mode and for all of them (criterionId
 * null), from one pass over the mode's results: the sums over criteria are the all-criteria rows.
 */
export async function passRatesByTool(prisma: PrismaClient, runId: string, mode: ViewMode): Promise<{ criterionId: string | null; tools: ToolPassRate[] }[]> {
  const rows = await prisma.$queryRaw<(ToolCountsRow & { criterionId: string })[]>(toolCounts(runId, mode, Prisma.sql`, e."criterionId"`));
  const all = new Map<string, ToolCountsRow>();
  const byCriterion = new Map<string, ToolCountsRow[]>();
  for (const row of rows) {
    byCriterion.set(row.criterionId, [...(byCriterion.get(row.criterionId) ?? []), row]);
    const sum = all.get(row.tool) ?? { tool: row.tool, total: 0, passed: 0, failed: 0, notApplicable: 0 };
    for (const key of ["total", "passed", "failed", "notApplicable"] as const) sum[key] = toNumber(sum[key]) + toNumber(row[key]);
    all.set(row.tool, sum);
  }
  return [
    { criterionId: null, tools: [...all.values()].map(toolPassRate).sort(byToolName) },
    ...[...byCriterion].map(([criterionId, criterionRows]) => ({ criterionId, tools: criterionRows.map(toolPassRate).sort(byToolName) })),
  ];
}

const asVerdict = (stored: string): Verdict | null => (VERDICTS as readonly string[]).includes(stored) ? (stored as Verdict) : null;

/**
 * Immediate × hindsight verdicts per criterion of a run judged in both modes, from the stored
 * comparisons (one grouped count per cell). The counts are handed to flipMatrix as pairs so the
 * totals, exclusions and flip rate follow its rules; at most one entry per call is built.
 */
export async function flipMatrices(prisma: PrismaClient, runId: string): Promise<{ criterionId: string; matrix: FlipMatrix }[]> {
  const groups = await prisma.callComparison.groupBy({
    by: ["criterionId", "immediateVerdict", "hindsightVerdict"],
    where: { runId },
    _count: { _all: true },
  });
  const pairs = new Map<string, { immediate: Verdict | null; hindsight: Verdict | null }[]>();
  for (const group of groups) {
    const list = pairs.get(group.criterionId) ?? [];
    const pair = { immediate: asVerdict(group.immediateVerdict), hindsight: asVerdict(group.hindsightVerdict) };
    for (let i = 0; i < group._count._all; i++) list.push(pair);
    pairs.set(group.criterionId, list);
  }
  return [...pairs].map(([criterionId, list]) => ({ criterionId, matrix: flipMatrix(list) }));
}

export type RunCharts = SnapshotValue<"charts">;

/** Everything the charts page shows, for every mode with results: what the worker keeps as the "charts" snapshot. */
export async function runCharts(prisma: PrismaClient, runId: string): Promise<RunCharts> {
  const modes = await resultModes(prisma, runId);
  const [perMode, matrices] = await Promise.all([
    Promise.all(modes.map(async (mode) => ({ mode, distributions: await scoreDistributions(prisma, runId, mode), byTool: await passRatesByTool(prisma, runId, mode) }))),
    flipMatrices(prisma, runId),
  ]);
  return { modes: perMode, matrices };
}
