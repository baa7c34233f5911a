import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ConfusionMatrix } from "@/lib/review/agreement";
import { viewParams, type RunView } from "@/lib/runs/schemas/run-view";
import type { RunJudgeConfig } from "@/lib/runs/schemas/runs";
import { getRun } from "../get-run";
import { summaryCounts } from "./export-summary-counts";
import { runHumanAgreement } from "@/lib/review/server/human-agreement";

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

/**
 * How people received one judge on one criterion, from the human verdicts of review queues:
 * agreement rate over agreed + disagreed (discussions left out), Cohen's kappa when defined, and
 * the confusion matrix of judge pass/fail (first key) against human pass/fail (second key).
 */
export interface HumanAgreementSummary {
  judge: string;
  reviewed: number;
  agreed: number;
  disagreed: number;
  discussed: number;
  agreementRate: number | null;
  kappa: number | null;
  confusion: ConfusionMatrix;
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
    /** People's verdicts against the judge, per judge, over all of the run's reviews (the filters do not narrow them); empty before any review. */
    humanAgreement: HumanAgreementSummary[];
  }[];
  generatedAt: string;
}

const modeRank = (mode: string) => (mode === "immediate" ? 0 : mode === "hindsight" ? 1 : 2);

/**
 * Per criterion and mode: counts by status, pass rate and mean score, plus flips, computed by
 * grouped counts in SQLite under the view's filters. Pass and fail follow lib/runs/results/verdict:
 * binary criteria by `passed` (or the score when a judge gave only that), continuous ones by score.
 * Null when the run does not exist.
 */
export async function exportSummary(prisma: PrismaClient, runId: string, view: RunView, now: Date = new Date()): Promise<ExportSummary | null> {
  const run = await getRun(prisma, runId);
  if (!run) return null;
  const [{ calls, byStatus, verdicts, flips }, agreement] = await Promise.all([summaryCounts(prisma, runId, view, run.mode === "both"), runHumanAgreement(prisma, runId)]);
  const modeSummary = (criterionId: string, mode: string): ModeSummary => {
    const rows = byStatus.filter((row) => row.criterionId === criterionId && row.mode === mode);
    const ofStatus = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
    const verdict = verdicts.find((row) => row.criterionId === criterionId && row.mode === mode);
    const pass = verdict?.passed ?? 0;
    const fail = verdict?.failed ?? 0;
    return {
      mode,
      results: rows.reduce((sum, row) => sum + row.count, 0),
      done: ofStatus("done"),
      passed: pass,
      failed: fail,
      notApplicable: ofStatus("not-applicable"),
      errors: ofStatus("error"),
      open: ofStatus("pending") + ofStatus("running"),
      passRate: pass + fail ? pass / (pass + fail) : null,
      meanScore: rows.find((row) => row.status === "done")?.meanScore ?? null,
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
    filters: Object.fromEntries(viewParams(view, ["page", "size", "hide", "group", "sort", "dir"])),
    calls,
    criteria: run.criteria.map((criterion) => {
      const modes = [...new Set(byStatus.filter((row) => row.criterionId === criterion.id).map((row) => row.mode))].sort((a, b) => modeRank(a) - modeRank(b));
      const ofCriterion = flips.filter((row) => row.criterionId === criterion.id);
      const compared = ofCriterion.reduce((sum, row) => sum + row.count, 0);
      const flipped = ofCriterion.find((row) => row.flipped)?.count ?? 0;
      return {
        id: criterion.id,
        text: criterion.text,
        title: criterion.title,
        kind: criterion.kind,
        scale: criterion.scale,
        modes: modes.map((mode) => modeSummary(criterion.id, mode)),
        flips: run.mode === "both" ? { compared, flipped, flipRate: compared ? flipped / compared : null } : null,
        humanAgreement: agreement
          .filter((row) => row.criterionId === criterion.id)
          .map((row) => ({
            judge: row.judgeId,
            reviewed: row.reviewed,
            agreed: row.agreed,
            disagreed: row.disagreed,
            discussed: row.discussed,
            agreementRate: row.agreementRate,
            kappa: row.kappa,
            confusion: row.confusion,
          })),
      };
    }),
    generatedAt: now.toISOString(),
  };
}
