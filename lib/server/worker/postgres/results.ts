import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { asJson, asNumber } from "../sql";
import { WORKER_TRANSACTION } from "../transaction";
import type { ResultToWrite } from "../write-result";
import { comparisonsOf, type SideRow, type WrittenSide } from "../write-comparisons";

// writeResults on PostgreSQL (write-result.ts holds SQLite's and the rules): each row written
// only while still running under this worker's claim, with the cache, run counters and
// comparisons in the same transaction.

const SET_RESULT = `
  "status" = $1, "score" = $2, "passed" = $3, "explanation" = $4, "findings" = $5::jsonb, "measuredBy" = $6::jsonb, "usage" = $7::jsonb, "costUsd" = $8,
  "cached" = $9, "error" = $10, "errorKind" = $11, "judgeId" = $12, "cacheKey" = $13, "latencyMs" = $14, "attempts" = "attempts" + $15, "finishedAt" = $16
WHERE "id" = $17 AND "status" = 'running' AND "claimedBy" = $18`;
const UPDATE_RESULT = `UPDATE "Evaluation" SET ${SET_RESULT} RETURNING "toolCallId", "criterionId"`;
// Agent-level results: the same columns and claim guard on their own table, and no comparisons (they have no mode).
const UPDATE_TRANSCRIPT_RESULT = `UPDATE "TranscriptEvaluation" SET ${SET_RESULT} RETURNING "criterionId"`;
const INSERT_CACHE = `INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt") VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT ("key") DO NOTHING`;
const COUNT_RUN = `
UPDATE "Run" SET "doneCount" = "doneCount" + $1, "errorCount" = "errorCount" + $2, "cacheHits" = "cacheHits" + $3
WHERE "id" = $4 RETURNING "status", "total", "doneCount", "errorCount", "materialising"`;
const FINISH_RUN = `UPDATE "Run" SET "status" = 'done', "finishedAt" = $1 WHERE "id" = $2`;
const READ_SIDES = `
SELECT e."runId", e."toolCallId", e."criterionId", e."mode", e."status", e."score", e."passed", e."explanation", e."findings", c."scale"
FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[], $3::text[]) AS w("runId", "toolCallId", "criterionId")) AS p
JOIN "Run" r ON r."id" = p."runId" AND r."mode" = 'both'
JOIN "Evaluation" e ON e."runId" = p."runId" AND e."toolCallId" = p."toolCallId" AND e."criterionId" = p."criterionId"
JOIN "Criterion" c ON c."id" = p."criterionId"`;
const UPSERT_COMPARISON = `
INSERT INTO "CallComparison" ("id", "runId", "toolCallId", "criterionId", "kind", "flipped", "delta", "immediateVerdict", "hindsightVerdict", "updatedAt")
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT ("runId", "toolCallId", "criterionId") DO UPDATE SET
  "kind" = excluded."kind", "flipped" = excluded."flipped", "delta" = excluded."delta",
  "immediateVerdict" = excluded."immediateVerdict", "hindsightVerdict" = excluded."hindsightVerdict", "updatedAt" = excluded."updatedAt"`;

function cacheable(result: Extract<ResultToWrite["outcome"], { status: "done" | "not-applicable" }>["result"]): unknown {
  const { usage: _usage, ...rest } = result;
  return rest;
}

function resultParameters({ evaluation, outcome }: ResultToWrite, now: Date, workerId: string): unknown[] {
  const tail = [outcome.judgeId, outcome.cacheKey, outcome.latencyMs, outcome.attempts, now, evaluation.id, workerId];
  if (outcome.status === "error") return ["error", null, null, null, null, null, null, null, false, outcome.error, outcome.errorKind, ...tail];
  const { result, cached } = outcome;
  const usage = cached ? undefined : result.usage;
  return [
    outcome.status, result.score, result.passed, result.explanation, asJson(result.findings),
    result.measuredBy ? asJson(result.measuredBy) : null, usage ? asJson(usage) : null, usage?.costUsd ?? null,
    cached, null, null, ...tail,
  ];
}

async function writeComparisonsPostgres(tx: Prisma.TransactionClient, written: readonly WrittenSide[], now: Date): Promise<void> {
  if (!written.length) return;
  const rows = await tx.$queryRawUnsafe<SideRow[]>(READ_SIDES, written.map((w) => w.runId), written.map((w) => w.toolCallId), written.map((w) => w.criterionId));
  for (const c of comparisonsOf(rows)) {
    await tx.$executeRawUnsafe(UPSERT_COMPARISON, randomUUID(), c.runId, c.toolCallId, c.criterionId, c.kind, c.flipped, c.delta, c.immediateVerdict, c.hindsightVerdict, now);
  }
}

export async function writeResultsPostgres(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date): Promise<boolean[]> {
  return prisma.$transaction(async (tx) => {
    const counters = new Map<string, { done: number; error: number; cached: number }>();
    const cacheRows = new Map<string, { judgeId: string; result: string }>();
    const sides: WrittenSide[] = [];
    const written: boolean[] = [];
    for (const entry of entries) {
      const { evaluation, outcome } = entry;
      const agent = evaluation.scope === "agent";
      const [row] = await tx.$queryRawUnsafe<{ toolCallId?: string; criterionId: string }[]>(agent ? UPDATE_TRANSCRIPT_RESULT : UPDATE_RESULT, ...resultParameters(entry, now, workerId));
      written.push(row !== undefined);
      if (!row) continue;
      if (!agent && row.toolCallId) sides.push({ runId: evaluation.runId, toolCallId: row.toolCallId, criterionId: row.criterionId });
      let counter = counters.get(evaluation.runId);
      if (!counter) counters.set(evaluation.runId, (counter = { done: 0, error: 0, cached: 0 }));
      if (outcome.status === "error") {
        counter.error++;
        continue;
      }
      counter.done++;
      if (outcome.cached) counter.cached++;
      else if (outcome.cacheKey && outcome.judgeId) cacheRows.set(outcome.cacheKey, { judgeId: outcome.judgeId, result: asJson(cacheable(outcome.result)) });
    }
    for (const [key, row] of cacheRows) await tx.$executeRawUnsafe(INSERT_CACHE, key, row.judgeId, row.result, now);
    await writeComparisonsPostgres(tx, sides, now);
    for (const [runId, counter] of counters) {
      const [run] = await tx.$queryRawUnsafe<{ status: string; total: unknown; doneCount: unknown; errorCount: unknown; materialising: boolean }[]>(
        COUNT_RUN, counter.done, counter.error, counter.cached, runId,
      );
      if (!run) throw new Error(`run ${runId} of evaluation results no longer exists`);
      if (!run.materialising && asNumber(run.doneCount) + asNumber(run.errorCount) >= asNumber(run.total) && (run.status === "pending" || run.status === "running")) {
        await tx.$executeRawUnsafe(FINISH_RUN, now, runId);
      }
    }
    return written;
  }, WORKER_TRANSACTION);
}
