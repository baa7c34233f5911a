import { performance } from "node:perf_hooks";
import { z } from "zod";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { RUN_TRANSACTION } from "@/lib/runs/server/errors";
import { HOUR_MS, idBound } from "../hours";
import { HourRollup, type HourResult } from "../rollup";

/** An hour still waiting for results is summed again at most this often. */
export const HOUR_RECOMPUTE_MS = 5_000;
/**
 * After a sum, its hour rests this many times as long as the sum took: a busy hour (1.26 million
 * results took 24 s to sum, scripts/bench/monitor-trends.ts) is then summed again only every
 * two minutes, and sums take at most a fifth of the worker's time, as its snapshots do.
 */
export const HOUR_REST_FACTOR = 4;

/** Results read per query: a page of an hour of millions (10 million at once ran the worker out of memory). */
const PAGE_ROWS = 20_000;

interface HourRow {
  transcriptId: string;
  criterionId: string;
  mode: string;
  /** The call's id (call-level results) or the transcript's (agent-level): the page's key with criterionId and mode. */
  keyId: string;
  status: string;
  passed: unknown;
  score: number | null;
  model: string | null;
  tags: string | null;
  service: string | null;
  promptVersion: string | null;
}

const tagsSchema = z.array(z.string()).catch([]);

type Cursor = { keyId: string; criterionId: string; mode: string } | null;

/**
 * A page of the hour's call-level results, each with its transcript's facts, in the order of the
 * unique index (runId, toolCallId, criterionId, mode), after `cursor`.
 */
function callRows(prisma: PrismaClient, runId: string, to: string, from: string, cursor: Cursor, limit: number): Promise<HourRow[]> {
  const after = cursor ? Prisma.sql`(e."toolCallId", e."criterionId", e."mode") > (${cursor.keyId}, ${cursor.criterionId}, ${cursor.mode})` : Prisma.sql`e."toolCallId" >= ${from}`;
  return prisma.$queryRaw<HourRow[]>`
    SELECT t."id" AS "transcriptId", e."criterionId", e."mode", e."toolCallId" AS "keyId", e."status", e."passed", e."score", t."model", t."tags", t."service", t."promptVersion"
    FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId" JOIN "Transcript" t ON t."id" = tc."transcriptId"
    WHERE e."runId" = ${runId} AND ${after} AND e."toolCallId" < ${to}
    ORDER BY e."toolCallId", e."criterionId", e."mode"
    LIMIT ${limit}`;
}

/** A page of the hour's agent-level results, in the order of the unique index (runId, transcriptId, criterionId). */
function transcriptRows(prisma: PrismaClient, runId: string, to: string, from: string, cursor: Cursor, limit: number): Promise<HourRow[]> {
  const after = cursor ? Prisma.sql`(e."transcriptId", e."criterionId") > (${cursor.keyId}, ${cursor.criterionId})` : Prisma.sql`e."transcriptId" >= ${from}`;
  return prisma.$queryRaw<HourRow[]>`
    SELECT t."id" AS "transcriptId", e."criterionId", '' AS "mode", e."transcriptId" AS "keyId", e."status", e."passed", e."score", t."model", t."tags", t."service", t."promptVersion"
    FROM "TranscriptEvaluation" e JOIN "Transcript" t ON t."id" = e."transcriptId"
    WHERE e."runId" = ${runId} AND ${after} AND e."transcriptId" < ${to}
    ORDER BY e."transcriptId", e."criterionId"
    LIMIT ${limit}`;
}

/** Each transcript's facts read once, however many results it has. */
function factsReader() {
  const facts = new Map<string, Pick<HourResult, "model" | "service" | "tags" | "prompt">>();
  return (row: HourRow): HourResult => {
    let fact = facts.get(row.transcriptId);
    if (!fact) {
      fact = { model: row.model, service: row.service, tags: row.tags ? tagsSchema.parse(JSON.parse(row.tags)) : [], prompt: row.promptVersion };
      facts.set(row.transcriptId, fact);
    }
    const passed = row.passed === null ? null : Boolean(Number(row.passed));
    return { criterionId: row.criterionId, status: row.status, passed, score: row.score === null ? null : Number(row.score), ...fact };
  };
}

/**
 * The buckets of the run's results whose call (or transcript) ids lie in [from, to): one hour, for
 * the worker. Read page by page on the unique indexes that begin with (runId, toolCallId) and
 * (runId, transcriptId), so memory holds a page and the buckets, whatever the hour's size.
 */
export async function sumRange(prisma: PrismaClient, runId: string, from: string, to: string, pageRows = PAGE_ROWS) {
  const rollup = new HourRollup();
  const read = factsReader();
  for (const page of [callRows, transcriptRows]) {
    let cursor: Cursor = null;
    for (;;) {
      const rows = await page(prisma, runId, to, from, cursor, pageRows);
      for (const row of rows) rollup.add(read(row));
      if (rows.length < pageRows) break;
      const last = rows[rows.length - 1];
      cursor = { keyId: last.keyId, criterionId: last.criterionId, mode: last.mode };
    }
  }
  return rollup.result();
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
