import type { CriterionScale } from "@/lib/criteria/parse";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { CompareRunChoice } from "@/lib/runs/results/compare-choice";
import { agreementRate, cohensKappa, pearsonCorrelation, type AgreementRate } from "@/lib/runs/results/aggregates";
import { markFor, type HumanMark } from "@/lib/runs/results/human-mark";
import { verdictOf, type Verdict } from "@/lib/runs/results/verdict";
import type { CompareParams } from "./compare-params";
import { humanMarksForCalls } from "@/lib/review/server/human-marks";
import { countWhere, FAIL_SQL, PASS_SQL, toNumber } from "./verdict-sql";

/*
 * Criteria side by side: each series is one criterion's results in one run (and one mode), and
 * the page lines the series up per tool call. Two runs are compared on the calls both judged.
 */

export interface CompareCriterion {
  id: string;
  text: string;
  title: string | null;
  kind: string;
  scale: CriterionScale;
}

export interface CompareRun {
  id: string;
  name: string;
  mode: string;
  judgeId: string;
  criteria: CompareCriterion[];
}

export interface CompareSeries {
  runId: string;
  runName: string;
  criterion: CompareCriterion;
  /** The mode read; null for an "auto" run, which judged each call in one mode of its own. */
  mode: ViewMode | null;
}

/** Which results a run offers: both-mode runs are read in the chosen mode (hindsight by default). */
export function seriesMode(runMode: string, requested: ViewMode | undefined): ViewMode | null {
  if (runMode === "both") return requested ?? "hindsight";
  if (runMode === "immediate" || runMode === "hindsight") return runMode;
  return null;
}

/** The chosen runs (unknown ids are left out) and the series they give, criterion by criterion. */
export async function compareSetup(prisma: PrismaClient, params: CompareParams): Promise<{ runs: CompareRun[]; series: CompareSeries[] }> {
  const found = await prisma.run.findMany({
    where: { id: { in: params.run } },
    select: {
      id: true,
      name: true,
      mode: true,
      judgeId: true,
      criteria: { where: { criterion: { scope: "call" } }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, title: true, kind: true, scale: true } } } },
    },
  });
  const runs: CompareRun[] = params.run.flatMap((id) => {
    const run = found.find((candidate) => candidate.id === id);
    if (!run) return [];
    const criteria = run.criteria.map(({ criterion }) => ({ ...criterion, scale: (criterion.scale === "binary" ? "binary" : "continuous") as CriterionScale }));
    return [{ id: run.id, name: run.name, mode: run.mode, judgeId: run.judgeId, criteria }];
  });
  const series = params.criterion.flatMap((criterionId) =>
    runs.flatMap((run) => {
      const criterion = run.criteria.find((candidate) => candidate.id === criterionId);
      return criterion ? [{ runId: run.id, runName: run.name, criterion, mode: seriesMode(run.mode, params.mode) }] : [];
    }),
  );
  return { runs, series };
}

/** Runs to choose from, newest first. */
/** The latest runs with their criteria, so the form lists a run's criteria as soon as it is picked. */
export async function compareRunChoices(prisma: PrismaClient, take = 100): Promise<CompareRunChoice[]> {
  const runs = await prisma.run.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, name: true, mode: true, criteria: { where: { criterion: { scope: "call" } }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, title: true } } } } },
  });
  return runs.map((run) => ({ id: run.id, name: run.name, mode: run.mode, criteria: run.criteria.map((link) => link.criterion) }));
}

function seriesWhere(series: CompareSeries): Prisma.EvaluationWhereInput {
  return { runId: series.runId, criterionId: series.criterion.id, ...(series.mode ? { mode: series.mode } : {}) };
}

function seriesSql(series: readonly CompareSeries[]): Prisma.Sql {
  return Prisma.join(
    series.map((s) => Prisma.sql`(e."runId" = ${s.runId} AND e."criterionId" = ${s.criterion.id}${s.mode ? Prisma.sql` AND e.mode = ${s.mode}` : Prisma.empty})`),
    " OR ",
  );
}

/**
 * The calls in the comparison, judged by every chosen run, optionally only those where one
 * series passes and another fails, grouped in SQL. Any pass next to any fail is a disagreement
 * of some pair, whatever the number of series.
 */
function callsSql(series: readonly CompareSeries[], disagreeOnly: boolean): Prisma.Sql {
  const runCount = new Set(series.map((s) => s.runId)).size;
  return Prisma.sql`
    SELECT e."toolCallId" AS "callId"
    FROM "Evaluation" e JOIN "Criterion" c ON c.id = e."criterionId"
    WHERE ${seriesSql(series)}
    GROUP BY e."toolCallId"
    HAVING COUNT(DISTINCT e."runId") = ${runCount}
    ${disagreeOnly ? Prisma.sql`AND ${countWhere(PASS_SQL)} > 0 AND ${countWhere(FAIL_SQL)} > 0` : Prisma.empty}`;
}

export interface CompareCell {
  status: string;
  score: number | null;
  passed: boolean | null;
  verdict: Verdict | null;
  /** A person's verdict on this result, when someone gave one. */
  human: HumanMark | null;
}

export interface CompareRow {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  ordinal: number;
  toolName: string;
  /** One per series, in the series' order; null where the series has no result for the call. */
  cells: (CompareCell | null)[];
  disagree: boolean;
}

/** One page of the comparison's calls in transcript order (as the run page lists them), with every series' result. */
export async function comparePage(prisma: PrismaClient, series: readonly CompareSeries[], disagreeOnly: boolean, skip: number, take: number): Promise<{ rows: CompareRow[]; total: number }> {
  if (series.length === 0) return { rows: [], total: 0 };
  const calls = callsSql(series, disagreeOnly);
  const [page, counted] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT t.id AS id
      FROM (${calls}) s
      JOIN "ToolCall" t ON t.id = s."callId"
      JOIN "Transcript" tr ON tr.id = t."transcriptId"
      ORDER BY tr."createdAt" ASC, t."transcriptId" ASC, t.ordinal ASC
      LIMIT ${take} OFFSET ${skip}`),
    prisma.$queryRaw<{ total: unknown }[]>(Prisma.sql`SELECT COUNT(*) AS total FROM (${calls}) AS counted`),
  ]);
  const ids = page.map((row) => row.id);
  const runIds = [...new Set(series.map((s) => s.runId))];
  const [callRows, results, humans] = await Promise.all([
    prisma.toolCall.findMany({ where: { id: { in: ids } }, select: { id: true, ordinal: true, toolName: true, transcriptId: true, transcript: { select: { name: true } } } }),
    prisma.evaluation.findMany({
      where: { toolCallId: { in: ids }, OR: series.map(seriesWhere) },
      select: { toolCallId: true, runId: true, criterionId: true, mode: true, status: true, score: true, passed: true },
    }),
    // Reviews hang off one run's results: one read per compared run, of this page's calls only.
    Promise.all(runIds.map((runId) => humanMarksForCalls(prisma, runId, ids, { verdictOnly: true }))),
  ]);
  const humansOf = new Map(runIds.map((runId, index) => [runId, humans[index]]));
  const byId = new Map(callRows.map((call) => [call.id, call]));
  const rows = ids.flatMap((id): CompareRow[] => {
    const call = byId.get(id);
    if (!call) return [];
    const cells = series.map((s): CompareCell | null => {
      const result = results.find((r) => r.toolCallId === id && r.runId === s.runId && r.criterionId === s.criterion.id && (!s.mode || r.mode === s.mode));
      if (!result) return null;
      const human = markFor(humansOf.get(s.runId)?.get(id), s.criterion.id, result.mode);
      return { status: result.status, score: result.score, passed: result.passed, verdict: verdictOf(result, s.criterion.scale), human };
    });
    const verdicts = cells.map((cell) => cell?.verdict);
    return [
      {
        toolCallId: id,
        transcriptId: call.transcriptId,
        transcriptName: call.transcript.name,
        ordinal: call.ordinal,
        toolName: call.toolName,
        cells,
        disagree: verdicts.includes("pass") && verdicts.includes("fail"),
      },
    ];
  });
  return { rows, total: toNumber(counted[0]?.total) };
}

export interface PairStats {
  /** Indexes into the series. */
  a: number;
  b: number;
  /** Calls with a result in both series. */
  calls: number;
  agreement: AgreementRate;
  kappa: number | null;
  correlation: number | null;
}

/**
 * Agreement, Cohen's kappa and score correlation for every pair of series, over the calls both
 * have a result for. Reads only the four columns these need, per series, with the index on
 * (run, criterion); the arithmetic is lib/runs/results' own.
 */
export async function compareStats(prisma: PrismaClient, series: readonly CompareSeries[]): Promise<PairStats[]> {
  const results = await Promise.all(
    series.map((s) => prisma.evaluation.findMany({ where: seriesWhere(s), select: { toolCallId: true, status: true, score: true, passed: true } })),
  );
  const byCall = results.map((rows, index) => new Map(rows.map((row) => [row.toolCallId, { verdict: verdictOf(row, series[index].criterion.scale), score: row.status === "done" ? row.score : null }])));
  const stats: PairStats[] = [];
  for (let a = 0; a < series.length; a++) {
    for (let b = a + 1; b < series.length; b++) {
      const pairs: { verdict: { a: Verdict | null; b: Verdict | null }; score: { a: number | null; b: number | null } }[] = [];
      for (const [callId, left] of byCall[a]) {
        const right = byCall[b].get(callId);
        if (right) pairs.push({ verdict: { a: left.verdict, b: right.verdict }, score: { a: left.score, b: right.score } });
      }
      const verdicts = pairs.map((pair) => pair.verdict);
      stats.push({ a, b, calls: pairs.length, agreement: agreementRate(verdicts), kappa: cohensKappa(verdicts), correlation: pearsonCorrelation(pairs.map((pair) => pair.score)) });
    }
  }
  return stats;
}
