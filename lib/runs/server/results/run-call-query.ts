import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { narrowsCalls, resultSetOnly, type CallConditionOptions } from "./run-call-filters";
import { readCallBounds } from "../call-bounds";
import { listedCalls } from "./run-call-list";
import { comesBefore, indexedRange, orderBy } from "./run-call-order";
import { scoreSortedIds } from "./run-call-score-page";
import { toNumber } from "./verdict-sql";

/** How many calls the view shows. */
export async function runCallCount(prisma: PrismaClient, runId: string, view: RunView): Promise<number> {
  if (!narrowsCalls(view)) {
    // Every call of the run: the distinct calls of its results, read from the unique index alone.
    const [row] = await prisma.$queryRaw<{ n: unknown }[]>(Prisma.sql`SELECT COUNT(DISTINCT "toolCallId") AS n FROM "Evaluation" WHERE "runId" = ${runId}`);
    return toNumber(row?.n);
  }
  const only = resultSetOnly(runId, view);
  const counted = only
    ? Prisma.sql`SELECT COUNT(DISTINCT s."toolCallId") AS n FROM (${only}) s`
    : Prisma.sql`SELECT COUNT(*) AS n FROM (${listedCalls(runId, view, { bounds: await readCallBounds(prisma, runId) }).sql}) AS counted`;
  const [row] = await prisma.$queryRaw<{ n: unknown }[]>(counted);
  return toNumber(row?.n);
}

/**
 * Ids of one page of the view's calls, in the view's order. No count rides along: a count reads
 * every call of the view, while in the transcript order a page reads only as far as its last row.
 */
export async function runCallIds(prisma: PrismaClient, runId: string, view: RunView, skip: number, take: number, options: CallConditionOptions = {}): Promise<string[]> {
  const byScore = await scoreSortedIds(prisma, runId, view, skip, take);
  if (byScore) return byScore;
  const { sql, keys } = listedCalls(runId, view, { ...options, bounds: await readCallBounds(prisma, runId) });
  const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT l.id AS id FROM (${sql}) l ORDER BY ${orderBy(keys, "l")} LIMIT ${take} OFFSET ${skip}`);
  return rows.map((row) => row.id);
}

/** Ids of one page of the view's calls, in the view's order, with the view's total. */
export async function runCallIdsPage(prisma: PrismaClient, runId: string, view: RunView, skip: number, take: number): Promise<{ ids: string[]; total: number }> {
  const ids = await runCallIds(prisma, runId, view, skip, take);
  return { ids, total: await runCallCount(prisma, runId, view) };
}

export interface CallPosition {
  /** 0-based place of the call in the view, or null when the view leaves it out. */
  index: number | null;
  /** The place may be off by the calls that joined a run still judged since its marks were taken (call-marks.ts). */
  approximate?: boolean;
  total: number;
  previous: string | null;
  next: string | null;
}

/**
 * Where one call stands in the view, and its neighbours, for previous/next on the tool-call
 * page: keyset conditions on the call's own sort keys, so no id list travels to JavaScript. The
 * call's keys are read first and go in as values, from which the databases start their index
 * walks (PostgreSQL, given them as a CTE's row, scanned Transcript's index from its end: 270 ms
 * for the neighbours of a call of 10 million results). In the transcript order the neighbours
 * are then a row each and the place a walk up to the call; other orders read the view once.
 * `total`, when the caller knows it (a count remembered per run state), saves counting the view.
 * `countBefore` false leaves the walk out (the caller knows the place otherwise, call-marks.ts):
 * `index` is then 0 for a call in the view.
 */
export async function neighbours(prisma: PrismaClient, runId: string, view: RunView, toolCallId: string, total?: number, countBefore = true): Promise<CallPosition> {
  const { sql, keys, indexedKeys } = listedCalls(runId, view);
  const counted = total ?? runCallCount(prisma, runId, view);
  const [me] = await prisma.$queryRaw<Record<string, unknown>[]>(Prisma.sql`SELECT * FROM (${sql}) m WHERE m.id = ${toolCallId}`);
  if (!me) return { index: null, total: await counted, previous: null, next: null };
  const at = keys.map((key) => me[key.column]);
  const before = Prisma.sql`${indexedRange(keys, indexedKeys, "l", at)} AND ${comesBefore(keys, "l", at)}`;
  const after = Prisma.sql`${indexedRange(keys, indexedKeys, "l", at, true)} AND ${comesBefore(keys, "l", at, true)}`;
  // Materialised once where no index walks the order; where one does, each subquery reads only its rows.
  const listed = indexedKeys ? Prisma.sql`(${sql})` : Prisma.sql`listed`;
  const materialised = indexedKeys ? Prisma.empty : Prisma.sql`WITH listed AS MATERIALIZED (${sql}) `;
  const [row] = await prisma.$queryRaw<{ before: unknown; previous: string | null; next: string | null }[]>(Prisma.sql`
    ${materialised}SELECT
      ${countBefore ? Prisma.sql`(SELECT COUNT(*) FROM ${listed} l WHERE ${before})` : Prisma.sql`0`} AS before,
      (SELECT l.id FROM ${listed} l WHERE ${before} ORDER BY ${orderBy(keys, "l", true)} LIMIT 1) AS previous,
      (SELECT l.id FROM ${listed} l WHERE ${after} ORDER BY ${orderBy(keys, "l")} LIMIT 1) AS next`);
  return { index: toNumber(row?.before), total: await counted, previous: row?.previous ?? null, next: row?.next ?? null };
}

/** SELECT of the ids of the view's calls, for aggregates over them. */
export function runCallIdsSql(runId: string, view: RunView): Prisma.Sql {
  // Unordered: the transcript order needs no join beyond the one every list has.
  return Prisma.sql`SELECT id FROM (${listedCalls(runId, { ...view, sort: "transcript" }).sql}) AS listed`;
}
