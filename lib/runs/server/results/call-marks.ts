import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { SnapshotValue } from "@/lib/runs/results/run-snapshot";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { readCallBounds, withinCallBounds } from "../call-bounds";
import { listedCalls } from "./run-call-list";
import { callConditions } from "./run-call-filters";
import { comesBefore } from "./run-call-order";
import { toNumber } from "./verdict-sql";

/*
 * The place of a call in a run's unfiltered list ("call 70,001 of 140,000") without walking every
 * call before it. Counting them probes each for a result of the run: 70,000 probes for the middle
 * call of a run of 140,000 calls, 1-7 s on a loaded machine, for each first view of a tool-call
 * page. Instead the worker keeps marks (a "call-marks" snapshot, taken with the run's other
 * snapshots and kept final like its call count): a transcript about every `stride` calls, with the
 * number of the run's calls before it. The place is then the nearest mark's, plus a walk from that
 * transcript, which starts in Transcript's (createdAt, id) index and reads about `stride` calls.
 */

export type CallMarks = SnapshotValue<"call-marks">;

/** Marks about this far apart: a walk of 500 calls is a few milliseconds... */
const MIN_STRIDE = 500;
/** ...and at most about this many marks, so that the snapshot stays small (~130 KB) however long the run: 10 million calls, a mark every 5,000. */
const MAX_MARKS = 2000;

/** The unfiltered list in the transcript order, ascending: what marks index. */
const ascending = runViewSchema.parse({ sort: "transcript", dir: "asc" });

/**
 * The marks of the run's unfiltered list: its calls counted per transcript in one walk of
 * Transcript's index (grouped in the index's order, so nothing is sorted; 1.6 s of CPU at 140,000
 * calls where numbering every call with ROW_NUMBER took 2.9 s), added up here.
 */
export async function callMarks(prisma: PrismaClient, runId: string): Promise<CallMarks> {
  const bounds = await readCallBounds(prisma, runId);
  const rows = await prisma.$queryRaw<{ id: string; n: unknown }[]>(Prisma.sql`
    SELECT t."id" AS id, COUNT(*) AS n FROM "Transcript" t JOIN "ToolCall" tc ON tc."transcriptId" = t."id"
    WHERE ${Prisma.join([withinCallBounds(bounds), ...callConditions(runId, ascending)], " AND ")}
    GROUP BY t."createdAt", t."id" ORDER BY t."createdAt", t."id"`);
  const counts = rows.map((row) => toNumber(row.n));
  const total = counts.reduce((a, b) => a + b, 0);
  const stride = Math.max(MIN_STRIDE, Math.ceil(total / MAX_MARKS));
  const marks: CallMarks["marks"] = [];
  let before = 0;
  for (const [i, row] of rows.entries()) {
    if (!marks.length || before >= marks[marks.length - 1].before + stride) marks.push({ transcriptId: row.id, before });
    before += counts[i];
  }
  return { stride, marks };
}

/**
 * The 0-based place of the call in the run's unfiltered list in ascending transcript order, from
 * the marks; null when the list leaves the call out, or when no mark comes before it (marks of an
 * older state of a run still judged): then the caller counts. Three small queries rather than one:
 * the walk's bounds go in as values, which PostgreSQL plans by; against a CTE's row it guessed.
 */
export async function placeByMarks(prisma: PrismaClient, runId: string, toolCallId: string, marks: CallMarks): Promise<number | null> {
  if (!marks.marks.length) return null;
  const { sql, keys } = listedCalls(runId, ascending);
  const [me] = await prisma.$queryRaw<Record<string, unknown>[]>(Prisma.sql`SELECT * FROM (${sql}) m WHERE m.id = ${toolCallId}`);
  if (!me) return null;
  const at = keys.map((key) => me[key.column]);
  // The last marked transcript not after the call's: a walk back along Transcript's (createdAt, id) index from the call's.
  const [mark] = await prisma.$queryRaw<{ k0: unknown; k1: string }[]>(Prisma.sql`
    SELECT t."createdAt" AS k0, t."id" AS k1 FROM "Transcript" t
    WHERE t."id" IN (${Prisma.join(marks.marks.map((candidate) => candidate.transcriptId))}) AND (t."createdAt", t."id") <= (${at[0]}, ${at[1]})
    ORDER BY t."createdAt" DESC, t."id" DESC LIMIT 1`);
  const before = mark && marks.marks.find((candidate) => candidate.transcriptId === mark.k1)?.before;
  if (before === undefined) return null;
  // Calls counted transcript by transcript, a subquery each, so that the walk follows the
  // transcripts in range whatever the estimate: transcripts of one import share a createdAt, and
  // PostgreSQL, estimating a row-value range by its first column, took every transcript of that
  // instant to be in range (60,100 for 70) and hashed every call of the run against them.
  const [walked] = await prisma.$queryRaw<{ n: unknown }[]>(Prisma.sql`
    SELECT COALESCE(SUM((SELECT COUNT(*) FROM (${sql}) l WHERE l.k1 = t."id" AND ${comesBefore(keys, "l", at)})), 0) AS n
    FROM "Transcript" t WHERE (t."createdAt", t."id") >= (${mark.k0}, ${mark.k1}) AND (t."createdAt", t."id") <= (${at[0]}, ${at[1]})`);
  return before + toNumber(walked?.n);
}
