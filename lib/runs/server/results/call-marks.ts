import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { SnapshotValue } from "@/lib/runs/results/run-snapshot";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { listedCalls } from "./run-call-list";
import { callConditions } from "./run-call-filters";
import { comesBefore, indexedRange } from "./run-call-order";
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
  const rows = await prisma.$queryRaw<{ id: string; n: unknown }[]>(Prisma.sql`
    SELECT t."id" AS id, COUNT(*) AS n FROM "Transcript" t JOIN "ToolCall" tc ON tc."transcriptId" = t."id"
    WHERE ${Prisma.join(callConditions(runId, ascending), " AND ")}
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
 * older state of a run still judged): then the caller counts.
 */
export async function placeByMarks(prisma: PrismaClient, runId: string, toolCallId: string, marks: CallMarks): Promise<number | null> {
  if (!marks.marks.length) return null;
  const { sql, keys, indexedKeys } = listedCalls(runId, ascending);
  // The last marked transcript not after the call's: its (createdAt, id) starts the walk.
  const [row] = await prisma.$queryRaw<{ mark: string; walked: unknown }[]>(Prisma.sql`
    WITH me AS (SELECT * FROM (${sql}) m WHERE m.id = ${toolCallId}),
    mark AS (
      SELECT t."createdAt" AS k0, t."id" AS k1 FROM "Transcript" t, me
      WHERE t."id" IN (${Prisma.join(marks.marks.map((mark) => mark.transcriptId))}) AND (t."createdAt", t."id") <= (me.k0, me.k1)
      ORDER BY t."createdAt" DESC, t."id" DESC LIMIT 1
    )
    SELECT mark.k1 AS mark, (
      SELECT COUNT(*) FROM (${sql}) l, mark, me
      WHERE (l.k0, l.k1) >= (mark.k0, mark.k1) AND ${indexedRange(keys, indexedKeys, "l", "me")} AND ${comesBefore(keys, "l", "me")}
    ) AS walked FROM mark`);
  if (!row) return null;
  const mark = marks.marks.find((candidate) => candidate.transcriptId === row.mark);
  return mark ? mark.before + toNumber(row.walked) : null;
}
