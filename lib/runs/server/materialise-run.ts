import { z } from "zod";
import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_MODES, runSelectionSchema } from "@/lib/runs/schemas/runs";
import { dialectOf } from "@/lib/platform/db/dialect";
import { refreshAsRunGrows } from "@/lib/platform/db/refresh-statistics";
import { materialiseStepPostgres } from "./worker/postgres/materialise";
import { asJson, asNumber, sqlDate } from "./worker/sql";
import { withWorkerDb, writeTransaction } from "./worker/worker-db";
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

// Ids sort in creation order (a sortable UUID per batch, then the row's place in it), so the
// primary key's index grows at its end, as the tool-call ids' indexes do (lib/platform/ids/sortable-uuid.ts);
// random ids put each row on a random page of it.
const INSERT_ROWS = `
INSERT INTO "Evaluation" ("id", "runId", "toolCallId", "criterionId", "mode", "status", "explanation", "finishedAt")
SELECT printf('%s-%06x', ?, j.key), ?, j.value ->> '$.t', j.value ->> '$.c', j.value ->> '$.m',
       CASE WHEN j.value ->> '$.na' IS NULL THEN 'pending' ELSE 'not-applicable' END, j.value ->> '$.na',
       CASE WHEN j.value ->> '$.na' IS NULL THEN NULL ELSE ? END
FROM json_each(?) AS j WHERE true
ON CONFLICT ("runId", "toolCallId", "criterionId", "mode") DO NOTHING`;

const RUN_STATE = `SELECT "materialising", "materialiseCursor" FROM "Run" WHERE "id" = ?`;
// Rows settled at creation are all not applicable (INSERT_ROWS): both counters move by their number.
const ADVANCE = `UPDATE "Run" SET "doneCount" = "doneCount" + @settled, "notApplicableCount" = "notApplicableCount" + @settled, "materialiseCursor" = @cursor WHERE "id" = @runId`;
// The last batch: the rows are all there, so the counters are what they number (a transcript
// removed meanwhile leaves fewer than were counted at creation; in the write lock, nothing moves),
// and a run with nothing left to judge ends.
// Agent-level rows (TranscriptEvaluation, created with the run) count as well.
const countBoth = (condition: string) =>
  `(SELECT COUNT(*) FROM "Evaluation" WHERE "runId" = @runId${condition}) + (SELECT COUNT(*) FROM "TranscriptEvaluation" WHERE "runId" = @runId${condition})`;
const FINISH = `
UPDATE "Run" SET "materialising" = false, "materialiseCursor" = NULL,
  "total" = ${countBoth("")},
  "doneCount" = ${countBoth(` AND "status" IN ('done', 'not-applicable')`)},
  "notApplicableCount" = ${countBoth(` AND "status" = 'not-applicable'`)},
  "errorCount" = ${countBoth(` AND "status" = 'error'`)}
WHERE "id" = @runId`;
const CLOSE_IF_IDLE = `UPDATE "Run" SET "status" = 'done', "finishedAt" = ? WHERE "id" = ? AND "status" IN ('pending', 'running') AND "doneCount" + "errorCount" >= "total"`;

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
    where: { AND: [{ transcript: { AND: [selectionWhere(runSelectionSchema.parse(run.selection), dialectOf(prisma)), { createdAt: { lte: new Date(cursor.cutoff) } }] } }, after] },
    orderBy: [{ transcriptId: "asc" }, { ordinal: "asc" }],
    take: maxCalls,
    select: { id: true, callId: true, toolName: true, responseIndex: true, transcriptId: true, ordinal: true },
  });
  const planned = planEvaluations(calls, run.criteria.map((criterion) => criterion.criterionId), z.enum(RUN_MODES).parse(run.mode));
  const rows = planned.map((row) => ({ t: row.toolCallId, c: row.criterionId, m: row.mode, ...(row.notApplicable === undefined ? {} : { na: row.notApplicable }) }));
  const last = calls.at(-1);
  const finished = calls.length < maxCalls;
  const nextCursor = last ? JSON.stringify({ cutoff: cursor.cutoff, transcriptId: last.transcriptId, ordinal: last.ordinal } satisfies MaterialiseCursor) : run.materialiseCursor;
  if (dialectOf(prisma) === "postgresql") {
    const step = await materialiseStepPostgres(prisma, { runId, expectedCursor: run.materialiseCursor, rows, finished, nextCursor, now });
    if (step) await refreshAsRunGrows(prisma, runId, { ...step, first: cursor.transcriptId === undefined });
    return step;
  }
  const stamp = sqlDate(now);
  return withWorkerDb(prisma, (db) =>
    writeTransaction(db, () => {
      const state = db.statement(RUN_STATE).get(runId) as { materialising: unknown; materialiseCursor: string | null } | undefined;
      if (!state || !asNumber(state.materialising) || state.materialiseCursor !== run.materialiseCursor) return null;
      const inserted = rows.length ? db.statement(INSERT_ROWS).run(sortableUuid(), runId, stamp, asJson(rows)).changes : 0;
      if (finished) {
        db.statement(FINISH).run({ runId });
        db.statement(CLOSE_IF_IDLE).run(stamp, runId);
      } else {
        // Rows settled at creation count as finished. (The cursor check makes a conflict, and so a
        // miscount, all but impossible; the last batch recounts anyway.)
        db.statement(ADVANCE).run({ settled: rows.filter((row) => row.na !== undefined).length, cursor: nextCursor, runId });
      }
      return { inserted, finished };
    }),
  );
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
