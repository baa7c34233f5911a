import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runJudgeId, type NewRun, type RunStatus } from "@/lib/zod/runs";
import { RUN_TRANSACTION, RunError } from "./errors";
import { planEvaluations } from "./plan-evaluations";
import { selectionWhere } from "./selection";

export interface CreatedRun {
  runId: string;
  name: string;
  status: RunStatus;
  total: number;
  pending: number;
  notApplicable: number;
}

// Rows per INSERT: far below SQLite's bound on parameters per statement.
const CHUNK = 500;

/**
 * Stores a run, its criteria and one pending evaluation per call x criterion x mode, all or
 * nothing, and returns without judging anything: the worker picks the rows up. The selection
 * is read inside the transaction, so the run covers exactly the calls that existed at that moment.
 */
export async function createRun(prisma: PrismaClient, input: NewRun, now: Date = new Date()): Promise<CreatedRun> {
  return prisma.$transaction(async (tx) => {
    const criteria = await tx.criterion.findMany({ where: { id: { in: input.criterionIds } }, select: { id: true } });
    const known = new Set(criteria.map((criterion) => criterion.id));
    const missing = input.criterionIds.filter((id) => !known.has(id));
    if (missing.length) throw new RunError("unknown-criteria", `Unknown criteria: ${missing.join(", ")}.`);

    const calls = await tx.toolCall.findMany({
      where: { transcript: selectionWhere(input.selection) },
      orderBy: [{ transcriptId: "asc" }, { ordinal: "asc" }],
      select: { id: true, callId: true, toolName: true, responseIndex: true },
    });
    if (!calls.length) throw new RunError("empty-selection", "The selected transcripts hold no tool calls to evaluate.");

    const planned = planEvaluations(calls, input.criterionIds, input.mode);
    const notApplicable = planned.filter((row) => row.notApplicable !== undefined).length;
    const pending = planned.length - notApplicable;
    const status: RunStatus = pending ? "pending" : "done";
    const run = await tx.run.create({
      data: {
        name: input.name,
        judgeId: runJudgeId(input.judge),
        judgeSettings: input.judge,
        mode: input.mode,
        status,
        selection: input.selection,
        total: planned.length,
        doneCount: notApplicable,
        createdAt: now,
        finishedAt: pending ? null : now,
      },
      select: { id: true },
    });
    await tx.runCriterion.createMany({ data: input.criterionIds.map((criterionId, position) => ({ runId: run.id, criterionId, position })) });
    for (let start = 0; start < planned.length; start += CHUNK) {
      await tx.evaluation.createMany({
        data: planned.slice(start, start + CHUNK).map((row) => ({
          runId: run.id,
          toolCallId: row.toolCallId,
          criterionId: row.criterionId,
          mode: row.mode,
          ...(row.notApplicable === undefined ? {} : { status: "not-applicable", explanation: row.notApplicable, finishedAt: now }),
        })),
      });
    }
    return { runId: run.id, name: input.name, status, total: planned.length, pending, notApplicable };
  }, RUN_TRANSACTION);
}
