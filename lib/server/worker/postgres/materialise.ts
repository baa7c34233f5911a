import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pgQuery, withPgTransaction } from "../../db/pg-pool";
import { WORKER_PG_TRANSACTION } from "../transaction";

// materialiseBatch's transaction on PostgreSQL (runs/materialise-run.ts holds SQLite's). The cursor
// is compared and moved once, whichever process gets there first, as SQLite's write lock gives:
// the run row is locked FOR UPDATE to move it. Past Prisma, as postgres/results.ts.
//
// The rows go in before the run row is locked, and a process that finds another creating the
// run's rows leaves them to it. Locked first, the run row was held through the insert of 12,000
// rows (0.5-0.8 s under bench:runs): every result write of the run, which moves the run's counters
// in its transaction, waited behind it, and so did a second worker come to create the same batch
// (in the first 20 s of bench:runs with two workers, 9.5 s of counter updates and 8.6 s of such
// locks waiting over 60 ms).

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
// One process at a time creates a run's rows; the others judge meanwhile. Held to the transaction's end.
const CREATING = `SELECT pg_try_advisory_xact_lock(hashtext('callboard:materialise'), hashtext($1)) AS "mine"`;
// The same lock as another session holds it (a two-key advisory lock: classid, objid, objsubid 2).
const CREATING_ELSEWHERE = `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE "locktype" = 'advisory' AND "objsubid" = 2
  AND "classid" = hashtext('callboard:materialise')::oid AND "objid" = hashtext($1)::oid AND "pid" <> pg_backend_pid()) AS "busy"`;

/** Whether another process is creating the run's rows now: then its next calls need not be read here. */
export async function materialisingElsewhere(prisma: PrismaClient, runId: string): Promise<boolean> {
  const [row] = await pgQuery<{ busy: boolean }>(prisma, CREATING_ELSEWHERE, [runId]);
  return row?.busy === true;
}
const RUN_STATE = `SELECT "materialising", "materialiseCursor" FROM "Run" WHERE "id" = $1`;
const LOCKED_RUN_STATE = `${RUN_STATE} FOR UPDATE`;
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

type RunState = { materialising: boolean; materialiseCursor: string | null };
const current = (state: RunState | undefined, step: MaterialiseStep) => state !== undefined && state.materialising && state.materialiseCursor === step.expectedCursor;

/** Thrown to roll the rows back when the cursor moved while they went in. */
class CursorMoved extends Error {}

export async function materialiseStepPostgres(prisma: PrismaClient, step: MaterialiseStep): Promise<{ inserted: number; finished: boolean } | null> {
  try {
    return await materialiseStep(prisma, step);
  } catch (error) {
    if (error instanceof CursorMoved) return null;
    throw error;
  }
}

function materialiseStep(prisma: PrismaClient, step: MaterialiseStep): Promise<{ inserted: number; finished: boolean } | null> {
  const at = step.now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    if (!(await tx.query<{ mine: boolean }>(CREATING, [step.runId])).rows[0]?.mine) return null;
    if (!current((await tx.query<RunState>(RUN_STATE, [step.runId])).rows[0], step)) return null;
    const inserted = step.rows.length ? ((await tx.query(INSERT_ROWS, [step.runId, at, JSON.stringify(step.rows)])).rowCount ?? 0) : 0;
    // A process of an older version, which does not take the lock above, may have moved it since.
    if (!current((await tx.query<RunState>(LOCKED_RUN_STATE, [step.runId])).rows[0], step)) throw new CursorMoved();
    if (step.finished) {
      await tx.query(FINISH, [step.runId]);
      await tx.query(CLOSE_IF_IDLE, [at, step.runId]);
    } else {
      await tx.query(ADVANCE, [step.rows.filter((row) => row.na !== undefined).length, step.nextCursor, step.runId]);
    }
    return { inserted, finished: step.finished };
  });
}
