import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { FINAL_BEFORE_DONE_COST_MS } from "@/lib/runs/results/run-snapshot";
import { withPgTransaction } from "@/lib/platform/db/pg-pool";
import { asJson, asNumber } from "../sql";
import { countOutcome, type RunCounter } from "../run-counters";
import { WORKER_PG_TRANSACTION } from "../transaction";
import type { ResultToWrite } from "../outcome";
import { comparisonsOf, type ComparisonRow, type SideRow, type WrittenSide } from "../write-comparisons";

// writeResults on PostgreSQL (write-result.ts holds SQLite's and the rules): each row written
// only while still running under this worker's claim, with the cache, run counters and
// comparisons in the same transaction. A batch is one statement per table, not one per row: the
// rows go as parallel arrays through unnest, so the parameter count does not grow with the batch.
// The statements go past Prisma, on a connection of its pool (pg-pool.ts): through $queryRaw each
// array was turned into JSON and back and each statement paid the query layer's bookkeeping, about
// a fifth of a worker's CPU. Timestamps go as UTC ISO strings, as Prisma stores DateTime.

const updateResults = (table: "Evaluation" | "TranscriptEvaluation", returning: string) => `
UPDATE "${table}" AS e SET
  "status" = v."status", "score" = v."score", "passed" = v."passed", "explanation" = v."explanation",
  "findings" = v."findings"::jsonb, "measuredBy" = v."measuredBy"::jsonb, "usage" = v."usage"::jsonb, "costUsd" = v."costUsd",
  "cached" = v."cached", "error" = v."error", "errorKind" = v."errorKind", "judgeId" = v."judgeId", "cacheKey" = v."cacheKey",
  "latencyMs" = v."latencyMs", "attempts" = e."attempts" + v."attempts", "finishedAt" = $17
FROM unnest($1::text[], $2::text[], $3::double precision[], $4::boolean[], $5::text[], $6::text[], $7::text[], $8::text[], $9::double precision[],
            $10::boolean[], $11::text[], $12::text[], $13::text[], $14::text[], $15::integer[], $16::integer[])
  AS v("id", "status", "score", "passed", "explanation", "findings", "measuredBy", "usage", "costUsd",
       "cached", "error", "errorKind", "judgeId", "cacheKey", "latencyMs", "attempts")
WHERE e."id" = v."id" AND e."status" = 'running' AND e."claimedBy" = $18
RETURNING ${returning}`;
const UPDATE_RESULTS = updateResults("Evaluation", `e."id", e."toolCallId", e."criterionId"`);
// Agent-level results: the same columns and claim guard on their own table, and no comparisons (they have no mode).
const UPDATE_TRANSCRIPT_RESULTS = updateResults("TranscriptEvaluation", `e."id", NULL AS "toolCallId", e."criterionId"`);
const INSERT_CACHE = `
INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt")
SELECT c."key", c."judgeId", c."result"::jsonb, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS c("key", "judgeId", "result")
ON CONFLICT ("key") DO NOTHING`;
const COUNT_RUN = `
UPDATE "Run" SET "doneCount" = "doneCount" + $1, "notApplicableCount" = "notApplicableCount" + $2, "errorCount" = "errorCount" + $3, "cacheHits" = "cacheHits" + $4
WHERE "id" = $5 RETURNING "status", "total", "doneCount", "errorCount", "materialising"`;
const FINISH_RUN = `UPDATE "Run" SET "status" = 'done', "finishedAt" = $1 WHERE "id" = $2`;
// Closed by the worker once its final snapshots are taken (FINAL_BEFORE_DONE_COST_MS).
const COSTLY_STATS = `SELECT 1 FROM "RunSnapshot" WHERE "runId" = $1 AND "kind" = 'stats' AND "costMs" >= $2`;
// `|| ''` keeps "criterionId" out of the index choice: a run's rows are read before autovacuum has
// analysed them, and without statistics the planner took the (runId, criterionId, passed) index
// and filtered a third of the run per pair (680 ms per batch of 1,000 at 9,000 rows, growing with
// the run); the unique index's (runId, toolCallId) prefix finds a call's few rows (16-18 ms).
const READ_SIDES = `
SELECT e."runId", e."toolCallId", e."criterionId", e."mode", e."status", e."score", e."passed", c."scale"
FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w("runId", "toolCallId", "criterionId")) AS p
JOIN "Run" r ON r."id" = p."runId" AND r."mode" = 'both'
JOIN "Evaluation" e ON e."runId" = p."runId" AND e."toolCallId" = p."toolCallId" AND e."criterionId" || '' = p."criterionId"
JOIN "Criterion" c ON c."id" = p."criterionId"`;
const UPSERT_COMPARISONS = `
INSERT INTO "CallComparison" ("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict", "updatedAt")
SELECT c."id", c."runId", c."toolCallId", c."criterionId", c."kind", c."flipped", c."delta", c."immediateVerdict", c."hindsightVerdict", $10
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::double precision[], $8::text[], $9::text[])
  AS c("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict")
ON CONFLICT ("runId", "toolCallId", "criterionId") DO UPDATE SET
  "kind" = excluded."kind", "flipped" = excluded."flipped", "delta" = excluded."delta",
  "immediateVerdict" = excluded."immediateVerdict", "hindsightVerdict" = excluded."hindsightVerdict", "updatedAt" = excluded."updatedAt"`;

type Settled = Extract<ResultToWrite["outcome"], { status: "done" | "not-applicable" }>;

function cacheable(result: Settled["result"]): unknown {
  const { usage: _usage, ...rest } = result;
  return rest;
}

/** UPDATE_RESULTS' sixteen arrays, one element per entry, in its column order. */
function resultColumns(entries: readonly ResultToWrite[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 16 }, () => []);
  for (const { evaluation, outcome } of entries) {
    const tail = [outcome.judgeId, outcome.cacheKey, outcome.latencyMs, outcome.attempts];
    let row: unknown[];
    if (outcome.status === "error") {
      row = [evaluation.id, "error", null, null, null, null, null, null, null, false, outcome.error, outcome.errorKind, ...tail];
    } else {
      const { result, cached } = outcome;
      const usage = cached ? undefined : result.usage;
      row = [
        evaluation.id, outcome.status, result.score, result.passed, result.explanation, asJson(result.findings),
        result.measuredBy ? asJson(result.measuredBy) : null, usage ? asJson(usage) : null, usage?.costUsd ?? null,
        cached, null, null, ...tail,
      ];
    }
    row.forEach((value, i) => columns[i].push(value ?? null));
  }
  return columns;
}

const pairKey = (row: { runId: string; toolCallId: string; criterionId: string }) => `${row.runId}\u0000${row.toolCallId}\u0000${row.criterionId}`;

async function writeComparisonsPostgres(tx: pg.PoolClient, written: readonly WrittenSide[], at: string): Promise<void> {
  if (!written.length) return;
  const { rows } = await tx.query<SideRow>(READ_SIDES, [written.map((w) => w.runId), written.map((w) => w.toolCallId), written.map((w) => w.criterionId)]);
  // One row per key (an upsert may not touch a row twice in one statement), in key order so that
  // two writers upserting the same pairs lock them in the same order.
  const byKey = new Map<string, ComparisonRow>();
  for (const c of comparisonsOf(rows)) byKey.set(pairKey(c), c);
  const comparisons = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  if (!comparisons.length) return;
  await tx.query(UPSERT_COMPARISONS, [
    comparisons.map(() => randomUUID()),
    comparisons.map((c) => c.runId),
    comparisons.map((c) => c.toolCallId),
    comparisons.map((c) => c.criterionId),
    comparisons.map((c) => c.kind),
    comparisons.map((c) => c.flipped),
    comparisons.map((c) => c.delta),
    comparisons.map((c) => c.immediateVerdict),
    comparisons.map((c) => c.hindsightVerdict),
    at,
  ]);
}

export async function writeResultsPostgres(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date): Promise<boolean[]> {
  if (!entries.length) return [];
  const at = now.toISOString();
  return withPgTransaction(prisma, WORKER_PG_TRANSACTION, async (tx) => {
    const calls = entries.filter((entry) => entry.evaluation.scope !== "agent");
    const agents = entries.filter((entry) => entry.evaluation.scope === "agent");
    type Updated = { id: string; toolCallId: string | null; criterionId: string };
    const updated = [
      ...(calls.length ? (await tx.query<Updated>(UPDATE_RESULTS, [...resultColumns(calls), at, workerId])).rows : []),
      ...(agents.length ? (await tx.query<Updated>(UPDATE_TRANSCRIPT_RESULTS, [...resultColumns(agents), at, workerId])).rows : []),
    ];
    const byId = new Map(updated.map((row) => [row.id, row]));
    const counters = new Map<string, RunCounter>();
    const cacheRows = new Map<string, { judgeId: string; result: string }>();
    const sides: WrittenSide[] = [];
    // An id given twice was written once: the first entry counts, as when rows went one by one.
    const written = entries.map(({ evaluation, outcome }) => {
      const row = byId.get(evaluation.id);
      if (!row) return false;
      byId.delete(evaluation.id);
      if (row.toolCallId !== null) sides.push({ runId: evaluation.runId, toolCallId: row.toolCallId, criterionId: row.criterionId });
      countOutcome(counters, evaluation.runId, outcome);
      if (outcome.status !== "error" && !outcome.cached && outcome.cacheKey && outcome.judgeId) cacheRows.set(outcome.cacheKey, { judgeId: outcome.judgeId, result: asJson(cacheable(outcome.result)) });
      return true;
    });
    // The run rows first, in id order: holding a run's row until commit makes the writers of one
    // run take turns from here on, so the second writer of a call's two modes reads the first's
    // committed side and writes their comparison (under READ COMMITTED, two writers reading at
    // once would each miss the other's side and neither would write it); the order keeps two
    // writers of several runs from deadlocking.
    for (const runId of [...counters.keys()].sort()) {
      const counter = counters.get(runId)!;
      const {
        rows: [run],
      } = await tx.query<{ status: string; total: unknown; doneCount: unknown; errorCount: unknown; materialising: boolean }>(COUNT_RUN, [counter.done, counter.notApplicable, counter.error, counter.cached, runId]);
      if (!run) throw new Error(`run ${runId} of evaluation results no longer exists`);
      if (!run.materialising && asNumber(run.doneCount) + asNumber(run.errorCount) >= asNumber(run.total) && (run.status === "pending" || run.status === "running")) {
        if (!(await tx.query(COSTLY_STATS, [runId, FINAL_BEFORE_DONE_COST_MS])).rows.length) await tx.query(FINISH_RUN, [at, runId]);
      }
    }
    if (cacheRows.size) {
      const keys = [...cacheRows.keys()].sort();
      await tx.query(INSERT_CACHE, [keys, keys.map((key) => cacheRows.get(key)!.judgeId), keys.map((key) => cacheRows.get(key)!.result), at]);
    }
    await writeComparisonsPostgres(tx, sides, at);
    return written;
  });
}
