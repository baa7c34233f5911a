import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/zod/run-view";
import { reviewStatusCondition } from "./review-status-filter";

/*
 * The run page's filters as conditions on `tc` (ToolCall) and `t` (its Transcript). Filters
 * start from the rows that hold them, Evaluation and CallComparison, through their run-first
 * indexes, and meet ToolCall once as a set. The relation filters these replace were correlated
 * subqueries per ToolCall row, for which SQLite (without statistics) picked the covering index
 * on (runId, criterionId, …) and scanned a whole criterion's results for every call: minutes on
 * a run of 50,000 results.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The one-row conditions of the verdict and score filters (they must hold for the same result), or null. */
function resultConditions(view: RunView): Prisma.Sql[] | null {
  const conditions: Prisma.Sql[] = [];
  // The thresholds of the filter as it always was: a binary row by `passed`, else by its score.
  switch (view.verdict) {
    case "pass":
      conditions.push(Prisma.sql`e."status" = 'done' AND (e."passed" = 1 OR (e."passed" IS NULL AND e."score" >= 0.5))`);
      break;
    case "fail":
      conditions.push(Prisma.sql`e."status" = 'done' AND (e."passed" = 0 OR (e."passed" IS NULL AND e."score" < 0.5))`);
      break;
    case "na":
      conditions.push(Prisma.sql`e."status" = 'not-applicable'`);
      break;
    case "error":
      conditions.push(Prisma.sql`e."status" = 'error'`);
      break;
  }
  if (view.min !== undefined || view.max !== undefined) {
    conditions.push(Prisma.sql`e."status" = 'done'`);
    if (view.min !== undefined) conditions.push(Prisma.sql`e."score" >= ${view.min}`);
    if (view.max !== undefined) conditions.push(Prisma.sql`e."score" <= ${view.max}`);
  }
  return conditions.length ? conditions : null;
}

/**
 * The run's calls that pass the result filters. Filtered, a set from the results' covering
 * index, met once; unfiltered, a probe per call on (runId, toolCallId), since a run often holds
 * most of the calls and a scan of ToolCall is then cheaper than looking each one up.
 */
function inRunWithResults(runId: string, view: RunView): Prisma.Sql {
  const conditions = resultConditions(view);
  if (!conditions) return Prisma.sql`EXISTS (SELECT 1 FROM "Evaluation" e WHERE e."runId" = ${runId} AND e."toolCallId" = tc."id")`;
  const scope = [Prisma.sql`e."runId" = ${runId}`];
  // Criterion and mode only scope the result filters: alone, they narrow nothing.
  if (view.criterion) scope.push(Prisma.sql`e."criterionId" = ${view.criterion}`);
  if (view.mode) scope.push(Prisma.sql`e."mode" = ${view.mode}`);
  return Prisma.sql`tc."id" IN (SELECT e."toolCallId" FROM "Evaluation" e WHERE ${Prisma.join([...scope, ...conditions], " AND ")})`;
}

export function callConditions(runId: string, view: RunView): Prisma.Sql[] {
  const conditions = [inRunWithResults(runId, view)];
  if (view.changed) {
    const criterion = view.criterion ? Prisma.sql` AND c."criterionId" = ${view.criterion}` : Prisma.empty;
    conditions.push(Prisma.sql`tc."id" IN (SELECT c."toolCallId" FROM "CallComparison" c WHERE c."runId" = ${runId} AND c."flipped" = 1${criterion})`);
  }
  const review = reviewStatusCondition(runId, view);
  if (review) conditions.push(review);
  if (view.tool) conditions.push(Prisma.sql`tc."toolName" = ${view.tool}`);
  if (view.q) {
    const pattern = `%${escapeLike(view.q)}%`;
    // LIKE, as Prisma's `contains` on SQLite: case-insensitive for ASCII; here % and _ are literal.
    conditions.push(
      Prisma.sql`(tc."toolName" LIKE ${pattern} ESCAPE '\\' OR tc."rawArguments" LIKE ${pattern} ESCAPE '\\' OR t."name" LIKE ${pattern} ESCAPE '\\' OR tc."callId" = ${view.q})`,
    );
  }
  return conditions;
}
