import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_MODES, runSelectionSchema } from "@/lib/runs/schemas/runs";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { refreshAsRunGrows } from "@/lib/platform/db/refresh-statistics";
import { workerStore } from "./worker/store";
import { planEvaluations } from "./plan-evaluations";
import { selectionWhere } from "./selection";

/** Tool calls turned into evaluation rows per transaction: 2,000 calls × 3 criteria × 2 modes is 12,000 rows, well under a second. */
export const MATERIALISE_CALLS = 2000;

/**
 * Where materialising resumes. `cutoff` freezes the selection at the run's creation: a
 * transcript stored later is not part of the run, however long the rows take to create.
 */
const cursorSchema = z.object({ cutoff: z.string(), transcriptId: z.string().optional(), ordinal: z.number().int().optional() });
export type MaterialiseCursor = z.infer<typeof cursorSchema>;

export function initialCursor(cutoff: Date): string {
  return JSON.stringify({ cutoff: cutoff.toISOString() } satisfies MaterialiseCursor);
}

export interface MaterialisedBatch {
  /** Rows created by this call. */
  inserted: number;
  /** True once every row of the run exists. */
  finished: boolean;
}

/**
 * Creates the evaluation rows of the next `maxCalls` tool calls of a run that is still being
 * materialised, in (transcript, ordinal) order so that the criteria and modes of a call, and the
 * calls of a transcript, stay together for the worker. Safe to call from several processes: the
 * cursor is compared and moved in the write transaction, so a batch is created once. Returns
 * null when the run needs nothing (already complete, cancelled, or another process moved first).
 */
export async function materialiseBatch(prisma: PrismaClient, runId: string, maxCalls = MATERIALISE_CALLS, now: Date = new Date()): Promise<MaterialisedBatch | null> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { status: true, mode: true, selection: true, materialising: true, materialiseCursor: true, criteria: { where: { criterion: { scope: "call" } }, orderBy: { position: "asc" }, select: { criterionId: true } } },
  });
  if (!run?.materialising || run.status === "cancelled" || !run.materialiseCursor) return null;
  const cursor = cursorSchema.parse(JSON.parse(run.materialiseCursor));
  const after = cursor.transcriptId === undefined ? {} : { OR: [{ transcriptId: { gt: cursor.transcriptId } }, { transcriptId: cursor.transcriptId, ordinal: { gt: cursor.ordinal ?? 0 } }] };
  const calls = await prisma.toolCall.findMany({
    where: { AND: [{ transcript: { AND: [selectionWhere(runSelectionSchema.parse(run.selection), sqlDialect(prisma)), { createdAt: { lte: new Date(cursor.cutoff) } }] } }, after] },
    orderBy: [{ transcriptId: "asc" }, { ordinal: "asc" }],
    take: maxCalls,
    select: { id: true, callId: true, toolName: true, responseIndex: true, transcriptId: true, ordinal: true },
  });
  const planned = planEvaluations(calls, run.criteria.map((criterion) => criterion.criterionId), z.enum(RUN_MODES).parse(run.mode));
  const rows = planned.map((row) => ({ t: row.toolCallId, c: row.criterionId, m: row.mode, ...(row.notApplicable === undefined ? {} : { na: row.notApplicable }) }));
  const last = calls.at(-1);
  const finished = calls.length < maxCalls;
  const nextCursor = last ? JSON.stringify({ cutoff: cursor.cutoff, transcriptId: last.transcriptId, ordinal: last.ordinal } satisfies MaterialiseCursor) : run.materialiseCursor;
  // On SQLite in the write transaction, on PostgreSQL with the run's row locked: the cursor is compared and moved once.
  const step = await workerStore(prisma).materialiseStep(prisma, { runId, expectedCursor: run.materialiseCursor, rows, finished, nextCursor, now });
  if (step) await refreshAsRunGrows(prisma, runId, { ...step, first: cursor.transcriptId === undefined });
  return step;
}

/** Materialises a run to the end (small runs at creation, scripts and tests). */
export async function materialiseRun(prisma: PrismaClient, runId: string, maxCalls = MATERIALISE_CALLS): Promise<void> {
  for (;;) {
    const batch = await materialiseBatch(prisma, runId, maxCalls);
    if (!batch || batch.finished) return;
  }
}

/** The oldest run still being materialised, if any: what a worker fills in next. */
export async function nextRunToMaterialise(prisma: PrismaClient): Promise<string | null> {
  const run = await prisma.run.findFirst({ where: { materialising: true, status: { not: "cancelled" } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  return run?.id ?? null;
}
