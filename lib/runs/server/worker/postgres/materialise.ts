import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withPgTransaction } from "@/lib/platform/db/pg-pool";
import { WORKER_PG_TRANSACTION } from "../transaction";

// materialiseBatch's transaction on PostgreSQL (runs/materialise-run.ts holds SQLite's). The run
// row is locked FOR UPDATE, which is what SQLite's write lock gives: the cursor is compared and
// moved once, whichever process gets there first. Past Prisma, as postgres/results.ts.

// Ids sort in creation order (milliseconds, then the row's place in the batch), standing in for
// SQLite's rowid in the worker's claim order (postgres/claims.ts).
const INSERT_ROWS = `
INSERT INTO "Evaluation" ("id", "runId", "toolCallId", "criterionId", "mode", "status", "explanation", "finishedAt")
SELECT lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || lpad(to_hex(j.n), 6, '0') || substr(md5(random()::text), 1, 6),
       $1, j.value ->> 't', j.value ->> 'c', j.value ->> 'm',
       CASE WHEN j.value ->> 'na' IS NULL THEN 'pending' ELSE 'not-applicable' END, j.value ->> 'na',
       CASE WHEN j.value ->> 'na' IS NULL THEN NULL ELSE $2::timestamp(3) END
FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS j(value, n)
ON CONFLICT ("runId", "toolCallId", "criterionId", "mode") DO NOTHING`;
const RUN_STATE = `SELECT "materialising", "materialiseCursor" FROM "Run" WHERE "id" = $1 FOR UPDATE`;
// Rows settled at creation are all not applicable (INSERT_ROWS): both counters move by their number.
const ADVANCE = `UPDATE "Run" SET "doneCount" = "doneCount" + $1, "notApplicableCount" = "notApplicableCount" + $1, "materialiseCursor" = $2 WHERE "id" = $3`;
// Agent-level rows (TranscriptEvaluation, created with the run) count as well.
const countBoth = (condition: string) =>
  `(SELECT COUNT(*) FROM "Evaluation" WHERE "runId" = $1${condition}) + (SELECT COUNT(*) FROM "TranscriptEvaluation" WHERE "runId" = $1${condition})`;
const FINISH = `
UPDATE "Run" SET "materialising" = false, "materialiseCursor" = NULL,
  "total" = ${countBoth("")},
  "doneCount" = ${countBoth(` AND "status" IN ('done', 'not-applicable')`)},
  "notApplicableCount" = ${countBoth(` AND "status" = 'not-applicable'`)},
  "errorCount" = ${countBoth(` AND "status" = 'error'`)}
WHERE "id" = $1`;
const CLOSE_IF_IDLE = `UPDATE "Run" SET "status" = 'done', "finishedAt" = $1 WHERE "id" = $2 AND "status" IN ('pending', 'running') AND "doneCount" + "errorCount" >= "total"`;

export interface MaterialiseStep {
  runId: string;
  /** The cursor the rows were planned from: nothing is written if the run moved past it meanwhile. */
  expectedCursor: string;
  rows: { t: string; c: string; m: string; na?: string }[];
  finished: boolean;
  nextCursor: string;
  now: Date;
}

export async function materialiseStepPostgres(prisma: PrismaClient, step: MaterialiseStep): Promise<{ inserted: number; finished: boolean } | null> {
  const at = step.now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    const {
      rows: [state],
    } = await tx.query<{ materialising: boolean; materialiseCursor: string | null }>(RUN_STATE, [step.runId]);
    if (!state || !state.materialising || state.materialiseCursor !== step.expectedCursor) return null;
    const inserted = step.rows.length ? ((await tx.query(INSERT_ROWS, [step.runId, at, JSON.stringify(step.rows)])).rowCount ?? 0) : 0;
    if (step.finished) {
      await tx.query(FINISH, [step.runId]);
      await tx.query(CLOSE_IF_IDLE, [at, step.runId]);
    } else {
      await tx.query(ADVANCE, [step.rows.filter((row) => row.na !== undefined).length, step.nextCursor, step.runId]);
    }
    return { inserted, finished: step.finished };
  });
}
