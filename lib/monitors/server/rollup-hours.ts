import { performance } from "node:perf_hooks";
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { HOUR_MS, idBound } from "../hours";
import { rollupHour, type HourResult } from "../rollup";

/** An hour still waiting for results is summed again at most this often. */
export const HOUR_RECOMPUTE_MS = 5_000;
/**
 * After a sum, its hour rests this many times as long as the sum took: a busy hour (1.26 million
 * results took 24 s to sum, scripts/bench/monitor-trends.ts) is then summed again only every
 * two minutes, and sums take at most a fifth of the worker's time, as its snapshots do.
 */
export const HOUR_REST_FACTOR = 4;

interface HourRow {
  transcriptId: string;
  criterionId: string;
  status: string;
  passed: unknown;
  score: number | null;
  model: string | null;
  tags: string | null;
  service: string | null;
  promptVersion: string | null;
}

const tagsSchema = z.array(z.string()).catch([]);

/**
 * The hour's results of the run, call-level and agent-level, each with its transcript's facts.
 * Read by id range on the indexes that begin with (runId, toolCallId) and (runId, transcriptId).
 */
function rowsBetween(prisma: PrismaClient, runId: string, from: string, to: string): Promise<HourRow[]> {
  return prisma.$queryRaw<HourRow[]>`
    SELECT t."id" AS "transcriptId", e."criterionId", e."status", e."passed", e."score", t."model", t."tags", t."service", t."promptVersion"
    FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId" JOIN "Transcript" t ON t."id" = tc."transcriptId"
    WHERE e."runId" = ${runId} AND e."toolCallId" >= ${from} AND e."toolCallId" < ${to}
    UNION ALL
    SELECT t."id", e."criterionId", e."status", e."passed", e."score", t."model", t."tags", t."service", t."promptVersion"
    FROM "TranscriptEvaluation" e JOIN "Transcript" t ON t."id" = e."transcriptId"
    WHERE e."runId" = ${runId} AND e."transcriptId" >= ${from} AND e."transcriptId" < ${to}`;
}

/** Each transcript's facts read once, however many results it has. */
function* asResults(rows: readonly HourRow[]): Generator<HourResult> {
  const facts = new Map<string, Pick<HourResult, "model" | "service" | "tags" | "prompt">>();
  for (const row of rows) {
    let fact = facts.get(row.transcriptId);
    if (!fact) {
      fact = { model: row.model, service: row.service, tags: row.tags ? tagsSchema.parse(JSON.parse(row.tags)) : [], prompt: row.promptVersion };
      facts.set(row.transcriptId, fact);
    }
    const passed = row.passed === null ? null : Boolean(Number(row.passed));
    yield { criterionId: row.criterionId, status: row.status, passed, score: row.score === null ? null : Number(row.score), ...fact };
  }
}

/** The buckets of the run's results whose call (or transcript) ids lie in [from, to): one hour, for the worker. */
export async function sumRange(prisma: PrismaClient, runId: string, from: string, to: string) {
  return rollupHour(asResults(await rowsBetween(prisma, runId, from, to)));
}

/**
 * Sums the hours marked due into MonitorBucket, newest first, up to `limit` hours. An hour whose
 * results are not all in stays due and is summed again after its rest (HOUR_REST_FACTOR, at least
 * HOUR_RECOMPUTE_MS); one marked again while it was summed (`marks` moved) stays due too.
 */
export async function rollupDueHours(prisma: PrismaClient, now: Date = new Date(), limit = 4): Promise<number> {
  const due = await prisma.monitorHour.findMany({
    where: { dirty: true, OR: [{ restUntil: null }, { restUntil: { lt: now } }] },
    orderBy: { hour: "desc" },
    take: limit,
    select: { monitorId: true, hour: true, marks: true, monitor: { select: { runId: true } } },
  });
  for (const entry of due) {
    const hour = entry.hour.getTime();
    const started = performance.now();
    const { buckets, unsettled } = await sumRange(prisma, entry.monitor.runId, idBound(hour), idBound(hour + HOUR_MS));
    await prisma.$transaction(async (tx) => {
      await tx.monitorBucket.deleteMany({ where: { monitorId: entry.monitorId, hour: entry.hour } });
      if (buckets.length) await tx.monitorBucket.createMany({ data: buckets.map((bucket) => ({ monitorId: entry.monitorId, hour: entry.hour, ...bucket })) });
      const restUntil = new Date(Date.now() + Math.max(HOUR_RECOMPUTE_MS, HOUR_REST_FACTOR * (performance.now() - started)));
      await tx.monitorHour.updateMany({ where: { monitorId: entry.monitorId, hour: entry.hour, marks: entry.marks }, data: { dirty: unsettled > 0, computedAt: now, restUntil } });
      // Marked again meanwhile: it stays due, and rests all the same (arrivals mark the current hour every few seconds).
      await tx.monitorHour.updateMany({ where: { monitorId: entry.monitorId, hour: entry.hour, marks: { not: entry.marks } }, data: { computedAt: now, restUntil } });
    }, RUN_TRANSACTION);
  }
  return due.length;
}
