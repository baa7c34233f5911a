import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { PASS_THRESHOLD } from "@/lib/results/verdict";
import { viewParams, type RunView } from "@/lib/zod/run-view";
import type { RunJudgeConfig } from "@/lib/zod/runs";
import { getRun } from "../runs/get-run";
import { runCallWhere } from "./run-call-query";

export interface ModeSummary {
  mode: string;
  results: number;
  done: number;
  passed: number;
  failed: number;
  notApplicable: number;
  errors: number;
  /** Pending or running. */
  open: number;
  /** passed / (passed + failed); null when nothing passed or failed. */
  passRate: number | null;
  /** Mean score of the done results; null when none has a score. */
  meanScore: number | null;
}

export interface ExportSummary {
  run: {
    id: string;
    name: string;
    judge: string;
    /** What the judge was run with; never a key (runJudgeSchema has no place for one). */
    judgeSettings: RunJudgeConfig | null;
    mode: string;
    status: string;
    total: number;
    doneCount: number;
    errorCount: number;
    createdAt: string;
    startedAt: string | null;
    finishedAt: string | null;
  };
  /** The run page's filters the summary was computed under; empty for the whole run. */
  filters: Record<string, string>;
  calls: number;
  criteria: {
    id: string;
    text: string;
    title: string | null;
    kind: string;
    scale: string;
    modes: ModeSummary[];
    /** Immediate versus hindsight, for runs judged in both modes; null otherwise. */
    flips: { compared: number; flipped: number; flipRate: number | null } | null;
  }[];
  generatedAt: string;
}

const modeRank = (mode: string) => (mode === "immediate" ? 0 : mode === "hindsight" ? 1 : 2);

/** The view narrows the calls only through these; criterion and mode alone only scope them. */
function narrowsCalls(view: RunView): boolean {
  return Boolean(view.tool || view.verdict || view.changed || view.q || view.min !== undefined || view.max !== undefined);
}

/**
 * Per criterion and mode: counts by status, pass rate and mean score, plus flips, computed by
 * grouped counts in SQLite under the view's filters. Pass and fail follow lib/results/verdict:
 * binary criteria by `passed` (or the score when a judge gave only that), continuous ones by score.
 * Null when the run does not exist.
 */
export async function exportSummary(prisma: PrismaClient, runId: string, view: RunView, now: Date = new Date()): Promise<ExportSummary | null> {
  const run = await getRun(prisma, runId);
  if (!run) return null;
  const callWhere = runCallWhere(runId, view);
  const scope: Prisma.EvaluationWhereInput = narrowsCalls(view) ? { runId, toolCall: callWhere } : { runId };
  const binary = run.criteria.filter((criterion) => criterion.scale === "binary").map((criterion) => criterion.id);
  const continuous = run.criteria.filter((criterion) => criterion.scale !== "binary").map((criterion) => criterion.id);
  const verdictWhere = (pass: boolean): Prisma.EvaluationWhereInput => {
    const score = pass ? { gte: PASS_THRESHOLD } : { lt: PASS_THRESHOLD };
    return {
      ...scope,
      status: "done",
      OR: [
        { criterionId: { in: binary }, OR: [{ passed: pass }, { passed: null, score }] },
        { criterionId: { in: continuous }, score },
      ],
    };
  };
  const [calls, byStatus, passed, failed, flips] = await Promise.all([
    prisma.toolCall.count({ where: callWhere }),
    prisma.evaluation.groupBy({ by: ["criterionId", "mode", "status"], where: scope, _count: { _all: true }, _avg: { score: true } }),
    prisma.evaluation.groupBy({ by: ["criterionId", "mode"], where: verdictWhere(true), _count: { _all: true } }),
    prisma.evaluation.groupBy({ by: ["criterionId", "mode"], where: verdictWhere(false), _count: { _all: true } }),
    run.mode === "both"
      ? prisma.callComparison.groupBy({
          by: ["criterionId", "flipped"],
          where: { runId, flipped: { not: null }, ...(narrowsCalls(view) ? { toolCall: callWhere } : {}) },
          _count: { _all: true },
        })
      : Promise.resolve([]),
  ]);

  const count = (rows: { criterionId: string; mode: string; _count: { _all: number } }[], criterionId: string, mode: string) =>
    rows.find((row) => row.criterionId === criterionId && row.mode === mode)?._count._all ?? 0;
  const modeSummary = (criterionId: string, mode: string): ModeSummary => {
    const rows = byStatus.filter((row) => row.criterionId === criterionId && row.mode === mode);
    const ofStatus = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
    const pass = count(passed, criterionId, mode);
    const fail = count(failed, criterionId, mode);
    return {
      mode,
      results: rows.reduce((sum, row) => sum + row._count._all, 0),
      done: ofStatus("done"),
      passed: pass,
      failed: fail,
      notApplicable: ofStatus("not-applicable"),
      errors: ofStatus("error"),
      open: ofStatus("pending") + ofStatus("running"),
      passRate: pass + fail ? pass / (pass + fail) : null,
      meanScore: rows.find((row) => row.status === "done")?._avg.score ?? null,
    };
  };

  return {
    run: {
      id: run.id,
      name: run.name,
      judge: run.judgeId,
      judgeSettings: run.judge,
      mode: run.mode,
      status: run.status,
      total: run.total,
      doneCount: run.doneCount,
      errorCount: run.errorCount,
      createdAt: run.createdAt.toISOString(),
      startedAt: run.startedAt?.toISOString() ?? null,
      finishedAt: run.finishedAt?.toISOString() ?? null,
    },
    filters: Object.fromEntries(viewParams(view, ["page", "size", "hide", "sort", "dir"])),
    calls,
    criteria: run.criteria.map((criterion) => {
      const modes = [...new Set(byStatus.filter((row) => row.criterionId === criterion.id).map((row) => row.mode))].sort((a, b) => modeRank(a) - modeRank(b));
      const ofCriterion = flips.filter((row) => row.criterionId === criterion.id);
      const compared = ofCriterion.reduce((sum, row) => sum + row._count._all, 0);
      const flipped = ofCriterion.find((row) => row.flipped === true)?._count._all ?? 0;
      return {
        id: criterion.id,
        text: criterion.text,
        title: criterion.title,
        kind: criterion.kind,
        scale: criterion.scale,
        modes: modes.map((mode) => modeSummary(criterion.id, mode)),
        flips: run.mode === "both" ? { compared, flipped, flipRate: compared ? flipped / compared : null } : null,
      };
    }),
    generatedAt: now.toISOString(),
  };
}
