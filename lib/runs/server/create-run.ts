import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runJudgeId, type NewRun, type RunStatus } from "@/lib/runs/schemas/runs";
import { RUN_TRANSACTION } from "./errors";
import { initialCursor, materialiseRun } from "./materialise-run";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { selectionWhere } from "./selection";
import { AppError } from "@/lib/platform/errors/app-error";

export interface CreatedRun {
  runId: string;
  name: string;
  status: RunStatus;
  total: number;
  pending: number;
  notApplicable: number;
}

/**
 * Runs up to this many evaluations get their rows before createRun returns (a few hundred
 * milliseconds at most); larger ones are filled in by the worker, batch by batch, while it
 * already judges the first rows.
 */
export const INLINE_EVALUATIONS = 20_000;

/** Rows per call and criterion in `mode`, and how many of them are settled at creation (hindsight without a response). */
function rowCounts(mode: NewRun["mode"], calls: number, unanswered: number, criteria: number) {
  const perCriterion = mode === "both" ? 2 * calls : calls;
  const notApplicable = mode === "both" || mode === "hindsight" ? unanswered : 0;
  return { total: perCriterion * criteria, notApplicable: notApplicable * criteria };
}

/**
 * Stores a run and its criteria, counted but not yet expanded into evaluation rows, and returns
 * without judging anything. The selection is frozen at this moment (materialise-run.ts): the run
 * covers exactly the calls that existed now. A small run's rows are created before this returns;
 * a large run's by the worker, in bounded batches, so that the form never waits on them.
 */
export async function createRun(prisma: PrismaClient, input: NewRun, now: Date = new Date(), options: { inlineEvaluations?: number } = {}): Promise<CreatedRun> {
  const cutoff = new Date();
  const dialect = sqlDialect(prisma);
  const created = await prisma.$transaction(async (tx) => {
    const criteria = await tx.criterion.findMany({ where: { id: { in: input.criterionIds } }, select: { id: true, scope: true } });
    const known = new Set(criteria.map((criterion) => criterion.id));
    const missing = input.criterionIds.filter((id) => !known.has(id));
    if (missing.length) throw new AppError("unknown-criteria", `Unknown criteria: ${missing.join(", ")}.`);

    const agentIds = new Set(criteria.filter((criterion) => criterion.scope === "agent").map((criterion) => criterion.id));
    const callCriteria = input.criterionIds.filter((id) => !agentIds.has(id));
    const agentCriteria = input.criterionIds.filter((id) => agentIds.has(id));

    const where = { transcript: selectionWhere(input.selection, dialect) };
    const [calls, unanswered] = await Promise.all([tx.toolCall.count({ where }), tx.toolCall.count({ where: { ...where, responseIndex: null } })]);
    if (!calls && callCriteria.length) throw new AppError("empty-selection", "The selected transcripts hold no tool calls to evaluate.");
    // Agent-level rows, one per transcript and agent criterion, are few: created here, with the run.
    const transcripts = agentCriteria.length ? await tx.transcript.findMany({ where: { AND: [selectionWhere(input.selection, dialect), { createdAt: { lte: cutoff } }] }, select: { id: true }, orderBy: { id: "asc" } }) : [];
    if (agentCriteria.length && !transcripts.length) throw new AppError("empty-selection", "The selection holds no transcripts to evaluate.");

    const callCounts = rowCounts(input.mode, calls, unanswered, callCriteria.length);
    const agentRows = transcripts.length * agentCriteria.length;
    const counts = { total: callCounts.total + agentRows, notApplicable: callCounts.notApplicable };
    const run = await tx.run.create({
      data: {
        name: input.name,
        judgeId: runJudgeId(input.judge),
        judgeSettings: input.judge,
        mode: input.mode,
        status: "pending",
        selection: input.selection,
        total: counts.total,
        materialising: true,
        materialiseCursor: initialCursor(cutoff),
        createdAt: now,
      },
      select: { id: true },
    });
    await tx.runCriterion.createMany({ data: input.criterionIds.map((criterionId, position) => ({ runId: run.id, criterionId, position })) });
    if (agentRows) {
      await tx.transcriptEvaluation.createMany({ data: transcripts.flatMap((transcript) => agentCriteria.map((criterionId) => ({ runId: run.id, transcriptId: transcript.id, criterionId }))) });
    }
    return { runId: run.id, ...counts };
  }, RUN_TRANSACTION);

  let status: RunStatus = "pending";
  if (created.total <= (options.inlineEvaluations ?? INLINE_EVALUATIONS)) {
    await materialiseRun(prisma, created.runId);
    const run = await prisma.run.findUnique({ where: { id: created.runId }, select: { status: true } });
    if (run?.status === "done") status = "done";
  }
  const { runId, total, notApplicable } = created;
  return { runId, name: input.name, status, total, pending: total - notApplicable, notApplicable };
}
