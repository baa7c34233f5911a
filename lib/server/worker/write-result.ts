import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judges/types";
import type { SettledOutcome } from "./outcome";
import { WORKER_TRANSACTION } from "./transaction";
import { writeComparisons } from "./write-comparisons";

export interface ResultToWrite {
  evaluation: { id: string; runId: string };
  outcome: SettledOutcome;
}

const json = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue;

function cacheable(result: JudgeResult): Prisma.InputJsonValue {
  // Usage stays out of the cache: a hit costs nothing, and must not look as if it did.
  const { usage: _usage, ...rest } = result;
  return json(rest);
}

function resultData(outcome: SettledOutcome, now: Date): Prisma.EvaluationUpdateManyMutationInput {
  const common = { judgeId: outcome.judgeId, cacheKey: outcome.cacheKey, latencyMs: outcome.latencyMs, attempts: { increment: outcome.attempts }, finishedAt: now };
  if (outcome.status === "error") {
    return { ...common, status: "error", error: outcome.error, errorKind: outcome.errorKind, score: null, passed: null, usage: Prisma.DbNull, costUsd: null };
  }
  const { result, cached } = outcome;
  const usage = cached ? undefined : result.usage;
  return {
    ...common,
    status: outcome.status,
    score: result.score,
    passed: result.passed,
    explanation: result.explanation,
    findings: json(result.findings),
    measuredBy: result.measuredBy ? json(result.measuredBy) : Prisma.DbNull,
    usage: usage ? json(usage) : Prisma.DbNull,
    costUsd: usage?.costUsd ?? null,
    cached,
    error: null,
    errorKind: null,
  };
}

/**
 * Writes results, each exactly once: a row is updated only while it is still running under this
 * worker's claim. A worker whose claim was released meanwhile (lease expired, presumed dead, and
 * perhaps re-claimed by another) writes nothing for that row and gets false for it. Cache entries,
 * run counters and, for runs judged in both modes, the immediate-versus-hindsight comparisons
 * change in the same transaction, and a run whose last open row this was is marked done.
 * Returns, per entry, whether it was written.
 */
export async function writeResults(prisma: PrismaClient, workerId: string, entries: readonly ResultToWrite[], now: Date = new Date()): Promise<boolean[]> {
  if (!entries.length) return [];
  return prisma.$transaction(async (tx) => {
    const written: boolean[] = [];
    const writtenIds: string[] = [];
    const counters = new Map<string, { done: number; error: number; cached: number }>();
    for (const { evaluation, outcome } of entries) {
      const { count } = await tx.evaluation.updateMany({
        where: { id: evaluation.id, status: "running", claimedBy: workerId },
        data: resultData(outcome, now),
      });
      written.push(count === 1);
      if (count !== 1) continue;
      writtenIds.push(evaluation.id);
      const counter = counters.get(evaluation.runId) ?? { done: 0, error: 0, cached: 0 };
      counters.set(evaluation.runId, counter);
      if (outcome.status === "error") {
        counter.error++;
        continue;
      }
      counter.done++;
      if (outcome.cached) counter.cached++;
      else if (outcome.cacheKey && outcome.judgeId) {
        const result = cacheable(outcome.result);
        await tx.judgeCache.upsert({ where: { key: outcome.cacheKey }, create: { key: outcome.cacheKey, judgeId: outcome.judgeId, result }, update: {} });
      }
    }
    await writeComparisons(tx, writtenIds);
    for (const [runId, counter] of counters) {
      const run = await tx.run.update({
        where: { id: runId },
        data: { doneCount: { increment: counter.done }, errorCount: { increment: counter.error }, cacheHits: { increment: counter.cached } },
        select: { status: true, total: true, doneCount: true, errorCount: true },
      });
      if (run.doneCount + run.errorCount >= run.total && (run.status === "pending" || run.status === "running")) {
        await tx.run.update({ where: { id: runId }, data: { status: "done", finishedAt: now } });
      }
    }
    return written;
  }, WORKER_TRANSACTION);
}

export async function writeResult(
  prisma: PrismaClient,
  workerId: string,
  evaluation: { id: string; runId: string },
  outcome: SettledOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  const [written] = await writeResults(prisma, workerId, [{ evaluation, outcome }], now);
  return written;
}
