import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { sortableUuidBound } from "@/lib/platform/ids/sortable-uuid";
import { escapeLike } from "@/lib/platform/db/text-search";
import { reviewStatusCondition } from "@/lib/review/server/review-status-filter";
import { FAILING_SCORE_SQL, NOT_APPLICABLE_SQL, PASSING_SCORE_SQL } from "./verdict-sql";
import type { CallBounds } from "../call-bounds";

/*
 * The run page's filters as conditions on `tc` (ToolCall) and `t` (its Transcript). Filters
 * start from the rows that hold them, Evaluation and CallComparison, through their run-first
 * indexes, and meet ToolCall once as a set. The relation filters these replace were correlated
 * subqueries per ToolCall row, for which SQLite (without statistics) picked the covering index
 * on (runId, criterionId, …) and scanned a whole criterion's results for every call: minutes on
 * a run of 50,000 results.
 */

/**
 * Each verdict filter as disjoint conditions on one result `e` of criterion `c`, whose union is the
 * verdict of verdict-sql.ts (the rules of the summary and the charts that link here, so a count
 * clicked through is the count listed): a done binary result by `passed` when the judge gave it,
 * else by its score. Written out instead of verdict-sql's CASE so that each is a range of the
 * results' covering index (run, criterion, mode, status, passed, …): the CASE made the databases
 * read every result of the criterion (210,000 at 1.26 million results, 258 ms of CPU on SQLite for
 * each page) for the 18,826 failing ones (18 ms). A branch whose condition on `c` fails (the
 * criterion is not binary) reads nothing, as `c` is the outer row.
 */
function verdictBranches(verdict: NonNullable<RunView["verdict"]>): Prisma.Sql[] {
  if (verdict === "na") return [NOT_APPLICABLE_SQL];
  if (verdict === "error") return [Prisma.sql`e."status" = 'error'`];
  const byScore = verdict === "pass" ? PASSING_SCORE_SQL : FAILING_SCORE_SQL;
  return [
    Prisma.sql`e."status" = 'done' AND e."passed" = ${Prisma.raw(verdict === "pass" ? "TRUE" : "FALSE")} AND c."scale" = 'binary'`,
    Prisma.sql`e."status" = 'done' AND e."passed" IS NULL AND ${byScore}`,
    Prisma.sql`e."status" = 'done' AND e."passed" IS NOT NULL AND c."scale" <> 'binary' AND ${byScore}`,
  ];
}

/**
 * The one-row conditions of the verdict and score filters (they must hold for the same result), as
 * alternatives whose union is the filter, or null. `needsScale`: they read the criterion as `c`.
 */
function resultConditions(view: RunView): { branches: Prisma.Sql[][]; needsScale: boolean } | null {
  const conditions: Prisma.Sql[] = [];
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
  if (!view.verdict && !conditions.length) return null;
  const branches = view.verdict ? verdictBranches(view.verdict).map((branch) => [branch, ...conditions]) : [conditions];
  return { branches, needsScale: view.verdict === "pass" || view.verdict === "fail" };
}

/**
 * Each branch of the view's result filters as the conditions of one result `e` read from `from`,
 * scoped to the run, and to the criterion and mode when the view names them; null when the view
 * has no result filter. Every mode is named when the view names none, so that the ranges of the
 * covering index go on past the mode to the status and `passed`.
 */
function resultBranches(runId: string, view: RunView): { from: Prisma.Sql; branches: Prisma.Sql[][] } | null {
  const filters = resultConditions(view);
  if (!filters) return null;
  const scope = [Prisma.sql`e."runId" = ${runId}`];
  // Criterion and mode only scope the result filters: alone, they narrow nothing.
  if (view.criterion) scope.push(Prisma.sql`e."criterionId" = ${view.criterion}`);
  scope.push(view.mode ? Prisma.sql`e."mode" = ${view.mode}` : Prisma.sql`e."mode" IN ('immediate', 'hindsight')`);
  // The criterion first: its one row decides which branches read any result at all.
  const from = filters.needsScale
    ? Prisma.sql`"Criterion" c JOIN "Evaluation" e ON e."criterionId" = c."id"${view.criterion ? Prisma.sql` AND c."id" = ${view.criterion}` : Prisma.empty}`
    : Prisma.sql`"Evaluation" e`;
  return { from, branches: filters.branches.map((branch) => [...scope, ...branch]) };
}

/**
 * The run's results that pass the view's result filters, as `SELECT e."toolCallId"` (a call once
 * per matching result), or null when the view has none.
 */
export function filteredResults(runId: string, view: RunView): Prisma.Sql | null {
  const results = resultBranches(runId, view);
  if (!results) return null;
  return Prisma.join(
    results.branches.map((conditions) => Prisma.sql`SELECT e."toolCallId" FROM ${results.from} WHERE ${Prisma.join(conditions, " AND ")}`),
    " UNION ALL ",
  );
}

/**
 * The result filters as a probe of one call `tc`, for a page read by walking the calls in list
 * order (CallConditionOptions.walk): one EXISTS per branch of the filter, each with the conditions
 * of the results' covering index (run, criterion, mode, status, passed, toolCallId, score) in its
 * order, so that each probe is a seek. As one EXISTS with the branches OR-ed, SQLite read every
 * result of the criterion for each call walked.
 */
function resultsOfCallMatch(runId: string, view: RunView): Prisma.Sql | null {
  const results = resultBranches(runId, view);
  if (!results) return null;
  const probes = results.branches.map((conditions) => Prisma.sql`EXISTS (SELECT 1 FROM ${results.from} WHERE ${Prisma.join([...conditions, Prisma.sql`e."toolCallId" = tc."id"`], " AND ")})`);
  return Prisma.sql`(${Prisma.join(probes, " OR ")})`;
}

export interface CallConditionOptions {
  /**
   * Test each call's results as the list walks its calls in order, instead of taking the set of
   * matching results first. A page then reads about (skip + take) / share of the calls, where
   * share is the part of the run the filter keeps: worth it for a filter that keeps many calls
   * (run-call-walk.ts decides), ruinous for one that keeps few.
   */
  walk?: boolean;
  /** The run's call bounds: the list then walks only the transcripts between them (call-bounds.ts). */
  bounds?: CallBounds;
}

/**
 * The run's calls that pass the result filters. Filtered, a set from the results' covering
 * index, met once (or, walking, a probe per call); unfiltered, a probe per call on (runId, toolCallId), since a run often holds
 * most of the calls and a scan of ToolCall is then cheaper than looking each one up. A call with
 * a flip has results in both modes: under `changed`, that set says it is in the run.
 */
function inRunWithResults(runId: string, view: RunView, options: CallConditionOptions): Prisma.Sql | null {
  const filtered = filteredResults(runId, view);
  if (!filtered) return view.changed ? null : Prisma.sql`EXISTS (SELECT 1 FROM "Evaluation" e WHERE e."runId" = ${runId} AND e."toolCallId" = tc."id")`;
  if (options.walk) return resultsOfCallMatch(runId, view);
  // Materialised so that PostgreSQL takes the set first: it cannot estimate the verdict's
  // conditions and, costing a page as if LIMIT cut the work short, it walked every call in list
  // order probing its results (verdict=fail at 10,000 calls: 155 ms, and 41-65 ms so; the count
  // reads the whole view anyway). SQLite computes an uncorrelated IN list once either way.
  return Prisma.sql`tc."id" IN (WITH filtered AS MATERIALIZED (${filtered}) SELECT "toolCallId" FROM filtered)`;
}

/** The flipped comparisons of the run under the view's criterion, as `SELECT c."toolCallId"`. */
export function flippedCalls(runId: string, view: RunView): Prisma.Sql {
  const criterion = view.criterion ? Prisma.sql` AND c."criterionId" = ${view.criterion}` : Prisma.empty;
  return Prisma.sql`SELECT c."toolCallId" FROM "CallComparison" c WHERE c."runId" = ${runId} AND c."flipped" = TRUE${criterion}`;
}

/**
 * The view's calls as a set of the run's results and flips alone, when it filters by nothing else
 * (no call, transcript or review condition): `SELECT "toolCallId"`, a call possibly more than once.
 * Its distinct ids are the view's count without meeting ToolCall or Transcript (every result's call
 * and transcript exist: foreign keys), so a filter's count reads only its own rows.
 */
export function resultSetOnly(runId: string, view: RunView): Prisma.Sql | null {
  const filtered = filteredResults(runId, view);
  const sets = (filtered ? 1 : 0) + (view.changed ? 1 : 0);
  if (!sets || callConditions(runId, view).length !== sets) return null;
  if (!filtered) return flippedCalls(runId, view);
  if (!view.changed) return filtered;
  return Prisma.sql`SELECT f."toolCallId" FROM (${filtered}) f WHERE f."toolCallId" IN (${flippedCalls(runId, view)})`;
}

/** Whether the view leaves out any of the run's calls (criterion, mode and order alone do not). */
export function narrowsCalls(view: RunView): boolean {
  return resultConditions(view) !== null || Boolean(view.changed) || callConditions("", view).length > 1;
}

export function callConditions(runId: string, view: RunView, options: CallConditionOptions = {}): Prisma.Sql[] {
  const inRun = inRunWithResults(runId, view, options);
  const conditions = inRun ? [inRun] : [];
  if (view.changed) conditions.push(Prisma.sql`tc."id" IN (${flippedCalls(runId, view)})`);
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
export function metadataConditions(view: Pick<RunView, "model" | "task" | "tag" | "outcome" | "service" | "prompt">): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (view.model) conditions.push(Prisma.sql`t."model" = ${view.model}`);
  if (view.service) conditions.push(Prisma.sql`t."service" = ${view.service}`);
  if (view.prompt) conditions.push(Prisma.sql`t."promptVersion" = ${view.prompt}`);
  if (view.task) conditions.push(Prisma.sql`t."taskId" = ${view.task}`);
  if (view.tag) conditions.push(Prisma.sql`LOWER(t."tags") LIKE LOWER(${`%${escapeLike(JSON.stringify(view.tag))}%`}) ESCAPE '\\'`);
  if (view.outcome === "unknown") conditions.push(Prisma.sql`t."success" IS NULL`);
  else if (view.outcome) conditions.push(Prisma.sql`t."success" = ${Prisma.raw(view.outcome === "success" ? "TRUE" : "FALSE")}`);
  return conditions;
}
