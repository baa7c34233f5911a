import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { runCallCount, runCallIdsSql } from "./run-call-query";
import { countWhere, FAIL_SQL, PASS_SQL, toNumber } from "./verdict-sql";

export interface StatusCount {
  criterionId: string;
  mode: string;
  status: string;
  count: number;
  /** Mean of the group's scores; null when none has one. */
  meanScore: number | null;
}

export interface VerdictCount {
  criterionId: string;
  mode: string;
  passed: number;
  failed: number;
}

export interface FlipCount {
  criterionId: string;
  flipped: boolean;
  count: number;
}

export interface SummaryCounts {
  calls: number;
  byStatus: StatusCount[];
  verdicts: VerdictCount[];
  flips: FlipCount[];
}

/** The view narrows the calls only through these; criterion and mode alone only scope them. */
function narrowsCalls(view: RunView): boolean {
  return Boolean(view.tool || view.verdict || view.changed || view.review || view.q || view.reason || view.min !== undefined || view.max !== undefined);
}

/**
 * The counts behind the export summary, grouped in SQLite. Under a filter, the rows are those
 * of the view's calls, taken once as a set (see run-call-filters.ts): as a relation filter, SQLite
 * ran the view's subqueries again for every result row.
 */
export async function summaryCounts(prisma: PrismaClient, runId: string, view: RunView, bothModes: boolean): Promise<SummaryCounts> {
  const narrowed = narrowsCalls(view);
  const ofView = (column: string) => (narrowed ? Prisma.sql` AND ${Prisma.raw(column)} IN (${runCallIdsSql(runId, view)})` : Prisma.empty);
  const [calls, byStatus, verdicts, flips] = await Promise.all([
    runCallCount(prisma, runId, view),
    prisma.$queryRaw<{ criterionId: string; mode: string; status: string; n: unknown; mean: number | null }[]>(Prisma.sql`
      SELECT e."criterionId" AS "criterionId", e."mode" AS mode, e."status" AS status, COUNT(*) AS n, AVG(e."score") AS mean
      FROM "Evaluation" e WHERE e."runId" = ${runId}${ofView('e."toolCallId"')}
      GROUP BY e."criterionId", e."mode", e."status"`),
    prisma.$queryRaw<{ criterionId: string; mode: string; passed: unknown; failed: unknown }[]>(Prisma.sql`
      SELECT e."criterionId" AS "criterionId", e."mode" AS mode, ${countWhere(PASS_SQL)} AS passed, ${countWhere(FAIL_SQL)} AS failed
      FROM "Evaluation" e JOIN "Criterion" c ON c."id" = e."criterionId" WHERE e."runId" = ${runId}${ofView('e."toolCallId"')}
      GROUP BY e."criterionId", e."mode"`),
    bothModes
      ? prisma.$queryRaw<{ criterionId: string; flipped: unknown; n: unknown }[]>(Prisma.sql`
          SELECT f."criterionId" AS "criterionId", f."flipped" AS flipped, COUNT(*) AS n
          FROM "CallComparison" f WHERE f."runId" = ${runId} AND f."flipped" IS NOT NULL${ofView('f."toolCallId"')}
          GROUP BY f."criterionId", f."flipped"`)
      : Promise.resolve([]),
  ]);
  return {
    calls,
    byStatus: byStatus.map((row) => ({ criterionId: row.criterionId, mode: row.mode, status: row.status, count: toNumber(row.n), meanScore: row.mean })),
    verdicts: verdicts.map((row) => ({ criterionId: row.criterionId, mode: row.mode, passed: toNumber(row.passed), failed: toNumber(row.failed) })),
    flips: flips.map((row) => ({ criterionId: row.criterionId, flipped: toNumber(row.flipped) === 1, count: toNumber(row.n) })),
  };
}
