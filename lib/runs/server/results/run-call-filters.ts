import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { sortableUuidBound } from "@/lib/platform/ids/sortable-uuid";
import { escapeLike } from "@/lib/platform/db/text-search";
import { reviewStatusCondition } from "@/lib/review/server/review-status-filter";
import { FAIL_SQL, NOT_APPLICABLE_SQL, PASS_SQL } from "./verdict-sql";

/*
 * The run page's filters as conditions on `tc` (ToolCall) and `t` (its Transcript). Filters
 * start from the rows that hold them, Evaluation and CallComparison, through their run-first
 * indexes, and meet ToolCall once as a set. The relation filters these replace were correlated
 * subqueries per ToolCall row, for which SQLite (without statistics) picked the covering index
 * on (runId, criterionId, …) and scanned a whole criterion's results for every call: minutes on
 * a run of 50,000 results.
 */

/** Each verdict filter as a condition on one result `e` of criterion `c`. */
const VERDICT_SQL: Record<NonNullable<RunView["verdict"]>, Prisma.Sql> = {
  pass: PASS_SQL,
  fail: FAIL_SQL,
  na: NOT_APPLICABLE_SQL,
  error: Prisma.sql`e."status" = 'error'`,
};

/**
 * The one-row conditions of the verdict and score filters (they must hold for the same result),
 * or null. Verdicts by verdict-sql.ts, the rules of the summary and the charts that link here,
 * so a count clicked through is the count listed. `needsScale`: they read the criterion as `c`.
 */
function resultConditions(view: RunView): { conditions: Prisma.Sql[]; needsScale: boolean } | null {
  const conditions: Prisma.Sql[] = [];
  const verdict = view.verdict ? VERDICT_SQL[view.verdict] : null;
  if (verdict) conditions.push(verdict);
  if (view.reason) {
    // The reference check's finding says its reason in its message: "… (wrong_value)". Findings are JSON
    // text on SQLite and jsonb on PostgreSQL; as text, both hold the check's id and the message.
    conditions.push(Prisma.sql`CAST(e."findings" AS TEXT) LIKE ${"%reference-match%"} AND CAST(e."findings" AS TEXT) LIKE ${`%(${view.reason})%`}`);
  }
  if (view.min !== undefined || view.max !== undefined) {
    conditions.push(Prisma.sql`e."status" = 'done'`);
    if (view.min !== undefined) conditions.push(Prisma.sql`e."score" >= ${view.min}`);
    if (view.max !== undefined) conditions.push(Prisma.sql`e."score" <= ${view.max}`);
  }
  return conditions.length ? { conditions, needsScale: view.verdict === "pass" || view.verdict === "fail" } : null;
}

/**
 * The run's calls that pass the result filters. Filtered, a set from the results' covering
 * index, met once; unfiltered, a probe per call on (runId, toolCallId), since a run often holds
 * most of the calls and a scan of ToolCall is then cheaper than looking each one up.
 */
function inRunWithResults(runId: string, view: RunView): Prisma.Sql {
  const filters = resultConditions(view);
  if (!filters) return Prisma.sql`EXISTS (SELECT 1 FROM "Evaluation" e WHERE e."runId" = ${runId} AND e."toolCallId" = tc."id")`;
  const scope = [Prisma.sql`e."runId" = ${runId}`];
  // Criterion and mode only scope the result filters: alone, they narrow nothing.
  if (view.criterion) scope.push(Prisma.sql`e."criterionId" = ${view.criterion}`);
  if (view.mode) scope.push(Prisma.sql`e."mode" = ${view.mode}`);
  const criterion = filters.needsScale ? Prisma.sql` JOIN "Criterion" c ON c."id" = e."criterionId"` : Prisma.empty;
  // Materialised so that PostgreSQL takes the set first: it cannot estimate the verdict's CASE and,
  // costing a page as if LIMIT cut the work short, it walked every call in list order probing its
  // results (verdict=fail at 10,000 calls: 155 ms, and 41-65 ms so; the count reads the whole view
  // anyway). SQLite computes an uncorrelated IN list once either way.
  return Prisma.sql`tc."id" IN (WITH filtered AS MATERIALIZED (SELECT e."toolCallId" FROM "Evaluation" e${criterion} WHERE ${Prisma.join([...scope, ...filters.conditions], " AND ")}) SELECT "toolCallId" FROM filtered)`;
}

/** Whether the view leaves out any of the run's calls (criterion, mode and order alone do not). */
export function narrowsCalls(view: RunView): boolean {
  return resultConditions(view) !== null || callConditions("", view).length > 1;
}

export function callConditions(runId: string, view: RunView): Prisma.Sql[] {
  const conditions = [inRunWithResults(runId, view)];
  if (view.changed) {
    const criterion = view.criterion ? Prisma.sql` AND c."criterionId" = ${view.criterion}` : Prisma.empty;
    conditions.push(Prisma.sql`tc."id" IN (SELECT c."toolCallId" FROM "CallComparison" c WHERE c."runId" = ${runId} AND c."flipped" = TRUE${criterion})`);
  }
  const review = reviewStatusCondition(runId, view);
  if (review) conditions.push(review);
  if (view.tool) conditions.push(Prisma.sql`tc."toolName" = ${view.tool}`);
  // Call ids begin with the time the call was stored (sortable UUIDs): a time range is an id range.
  if (view.from) conditions.push(Prisma.sql`tc."id" >= ${sortableUuidBound(Date.parse(view.from))}`);
  if (view.to) conditions.push(Prisma.sql`tc."id" < ${sortableUuidBound(Date.parse(view.to))}`);
  conditions.push(...metadataConditions(view));
  if (view.q) {
    const pattern = `%${escapeLike(view.q)}%`;
    // Case-insensitive, as Prisma's `contains` on SQLite: LOWER on both sides, since PostgreSQL's
    // LIKE minds case (and SQLite's LIKE only ignores it for ASCII, as its LOWER does); % and _ are literal.
    conditions.push(
      Prisma.sql`(LOWER(tc."toolName") LIKE LOWER(${pattern}) ESCAPE '\\' OR LOWER(tc."rawArguments") LIKE LOWER(${pattern}) ESCAPE '\\' OR LOWER(t."name") LIKE LOWER(${pattern}) ESCAPE '\\' OR tc."callId" = ${view.q})`,
    );
  }
  return conditions;
}

/**
 * The metadata filters on the call's transcript `t`, by the same rules as the transcripts list
 * (lib/transcripts/server/list.ts metadataWhere): a tag matches one whole element of the JSON list.
 */
export function metadataConditions(view: Pick<RunView, "model" | "task" | "tag" | "outcome">): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (view.model) conditions.push(Prisma.sql`t."model" = ${view.model}`);
  if (view.task) conditions.push(Prisma.sql`t."taskId" = ${view.task}`);
  if (view.tag) conditions.push(Prisma.sql`LOWER(t."tags") LIKE LOWER(${`%${escapeLike(JSON.stringify(view.tag))}%`}) ESCAPE '\\'`);
  if (view.outcome === "unknown") conditions.push(Prisma.sql`t."success" IS NULL`);
  else if (view.outcome) conditions.push(Prisma.sql`t."success" = ${Prisma.raw(view.outcome === "success" ? "TRUE" : "FALSE")}`);
  return conditions;
}
