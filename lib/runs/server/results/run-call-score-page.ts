import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { narrowsCalls } from "./run-call-filters";

/*
 * A page of the run's calls by one criterion's score, read from the (runId, criterionId, mode,
 * score, toolCallId) index in score order instead of scoring every call of the run and sorting
 * them: at 140,000 calls the sort joined two result rows to each call and sorted them all, 1.7-3.5 s
 * a page on SQLite, whatever the page (bench:results). Only for a view that keeps every call (a
 * filter's set is read whole anyway) and only while the page lies among the scored calls; the
 * unscored ones, last in either direction, and any other view go through the general list.
 */

/**
 * Deeper than this, the general list: an index walk reads `skip + take` rows per part, and the
 * whole-list reads (the tool-call page's sequence, the export) read every call anyway.
 */
const MAX_DEPTH = 5000;

/** One mode's scored rows of the criterion, best first in the view's direction, `limit` of them. */
function scoredInMode(runId: string, criterionId: string, mode: string, dir: "ASC" | "DESC", limit: number, withoutHindsight: boolean): Prisma.Sql {
  // Run judged in both modes, no mode asked: a call's score is its hindsight one where it has a
  // hindsight row (scored or not), else its immediate one, as the list's CASE says (run-call-order.ts).
  // A count, not NOT EXISTS: PostgreSQL turned NOT EXISTS into a hash anti-join that read every
  // hindsight row of the criterion (182 ms at 1.26 million results), where a lookup per immediate
  // row, in score order, stops at the page's last row (1.8 ms). SQLite runs both the same way.
  const alone = withoutHindsight
    ? Prisma.sql` AND (SELECT COUNT(*) FROM "Evaluation" h WHERE h."runId" = ${runId} AND h."toolCallId" = e."toolCallId" AND h."criterionId" = ${criterionId} AND h."mode" = 'hindsight') = 0`
    : Prisma.empty;
  return Prisma.sql`SELECT * FROM (SELECT e."toolCallId" AS id, e."score" AS score FROM "Evaluation" e
    WHERE e."runId" = ${runId} AND e."criterionId" = ${criterionId} AND e."mode" = ${mode} AND e."score" IS NOT NULL${alone}
    ORDER BY e."score" ${Prisma.raw(dir)}, e."toolCallId" ${Prisma.raw(dir)} LIMIT ${limit}) AS ${Prisma.raw(withoutHindsight ? "immediate_alone" : `in_${mode}`)}`;
}

/**
 * Ids of the page in the score order, or null when this path does not apply: the view narrows
 * the calls, or the page reaches past the scored calls (fewer than `skip + take` of them).
 */
export async function scoreSortedIds(prisma: PrismaClient, runId: string, view: RunView, skip: number, take: number): Promise<string[] | null> {
  if (view.sort !== "score" || !view.criterion || narrowsCalls(view) || skip + take > MAX_DEPTH) return null;
  const dir = view.dir === "desc" ? "DESC" : "ASC";
  const limit = skip + take;
  const parts = view.mode
    ? [scoredInMode(runId, view.criterion, view.mode, dir, limit, false)]
    : [scoredInMode(runId, view.criterion, "hindsight", dir, limit, false), scoredInMode(runId, view.criterion, "immediate", dir, limit, true)];
  // Each part holds at most one row per call, and the parts hold different calls: their first
  // `limit` rows together hold the first `limit` calls of the order.
  const rows = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT s.id AS id FROM (${Prisma.join(parts, " UNION ALL ")}) AS s ORDER BY s.score ${Prisma.raw(dir)}, s.id ${Prisma.raw(dir)} LIMIT ${take} OFFSET ${skip}`,
  );
  return rows.length === take ? rows.map((row) => row.id) : null;
}
