import { Prisma } from "@/lib/generated/prisma/client";
import type { RunView } from "@/lib/runs/schemas/run-view";

/*
 * The run page's orders as sort keys over `tc` (ToolCall) and `t` (its Transcript), and the SQL
 * that sorts by them or compares a row with another: keyset conditions for previous and next.
 */

/** A column of `listed` that orders it, and its direction. Keys are never NULL, so "=" works on them. */
export interface OrderKey {
  column: string;
  dir: "asc" | "desc";
}

/** A criterion's result row of one mode for the call: found by the unique (run, call, criterion, mode) index. */
const scoreJoin = (alias: string, runId: string, criterionId: string, mode: string) =>
  Prisma.sql`LEFT JOIN "Evaluation" ${Prisma.raw(alias)} ON ${Prisma.raw(alias)}."runId" = ${runId} AND ${Prisma.raw(alias)}."toolCallId" = tc."id" AND ${Prisma.raw(alias)}."criterionId" = ${criterionId} AND ${Prisma.raw(alias)}."mode" = ${mode}`;

export interface Ordering {
  joins: Prisma.Sql;
  columns: Prisma.Sql[];
  keys: OrderKey[];
  /** How many leading keys are the columns of one index (Transcript's createdAt, id), so a range on them starts a walk mid-list. */
  indexedKeys: number;
}

export function ordering(runId: string, view: RunView): Ordering {
  const position = [Prisma.sql`t."createdAt"`, Prisma.sql`t."id"`, Prisma.sql`tc."ordinal"`, Prisma.sql`tc."id"`];
  const keyed = (exprs: Prisma.Sql[], dirs: ("asc" | "desc")[], joins: Prisma.Sql = Prisma.empty, indexedKeys = 0): Ordering => ({
    joins,
    columns: exprs.map((expr, i) => Prisma.sql`${expr} AS ${Prisma.raw(`k${i}`)}`),
    keys: dirs.map((dir, i) => ({ column: `k${i}`, dir })),
    indexedKeys,
  });
  if (view.sort === "score" && view.criterion) {
    // The view's mode; else hindsight where the call has it, immediate where it does not. A run
    // judged in one mode has one row per call and criterion, so that is simply its score.
    const joins = view.mode
      ? scoreJoin("s1", runId, view.criterion, view.mode)
      : Prisma.sql`${scoreJoin("s1", runId, view.criterion, "hindsight")} ${scoreJoin("s2", runId, view.criterion, "immediate")}`;
    // Whether s1 matched, read from a column of the covering (run, criterion, mode, …, call, score)
    // index: with s1."id", which only the table holds, PostgreSQL read the whole Evaluation table
    // to join s1 (33 of the sort's 108 ms at 90,000 results) where s2 was an index-only scan.
    const score = view.mode ? Prisma.sql`s1."score"` : Prisma.sql`CASE WHEN s1."toolCallId" IS NOT NULL THEN s1."score" ELSE s2."score" END`;
    // Unscored calls last in either direction. Equal scores by id in the sort's direction, so that
    // a page is a walk of the (…, mode, score, toolCallId) index one way or the other
    // (run-call-score-page.ts): by id ascending under scores descending, SQLite sorted every call
    // of a tied score (67,000 at 1.0 in bench:results) for each page.
    return keyed([Prisma.sql`(${score}) IS NULL`, Prisma.sql`COALESCE(${score}, 0)`, Prisma.sql`tc."id"`], ["asc", view.dir, view.dir], joins);
  }
  if (view.sort === "tool") return keyed([Prisma.sql`tc."toolName"`, ...position], [view.dir, "asc", "asc", "asc", "asc"]);
  return keyed(position, position.map(() => view.dir), Prisma.empty, 2);
}

/** `at`'s key `i`: a column of the row aliased `at`, or the i-th of the key values `at` holds. */
function keyAt(keys: readonly OrderKey[], at: string | readonly unknown[], i: number): Prisma.Sql {
  return typeof at === "string" ? Prisma.raw(`${at}.${keys[i].column}`) : Prisma.sql`${at[i]}`;
}

/**
 * A condition every row before `at` (after it, with `after`) meets, on the indexed leading keys
 * alone: a row-value range the databases start an index walk from, where comesBefore's ORs are
 * not. TRUE when no leading key is indexed. `at` is a row's alias or the keys' values: PostgreSQL
 * starts the walk at values, where against a CTE's row it scanned the index from its end.
 */
export function indexedRange(keys: readonly OrderKey[], indexedKeys: number, row: string, at: string | readonly unknown[], after = false): Prisma.Sql {
  const leading = keys.slice(0, indexedKeys);
  if (!leading.length || leading.some((key) => key.dir !== leading[0].dir)) return Prisma.raw("TRUE");
  const op = Prisma.raw((leading[0].dir === "asc") !== after ? "<=" : ">=");
  const columns = Prisma.raw(leading.map((key) => `${row}.${key.column}`).join(", "));
  return Prisma.sql`(${columns}) ${op} (${Prisma.join(leading.map((_, i) => keyAt(keys, at, i)), ", ")})`;
}

/** ORDER BY the keys of `alias`, or in the reverse order. */
export function orderBy(keys: readonly OrderKey[], alias: string, reverse = false): Prisma.Sql {
  return Prisma.raw(keys.map((key) => `${alias}.${key.column} ${(key.dir === "asc") !== reverse ? "ASC" : "DESC"}`).join(", "));
}

/**
 * `row` comes before `at` (after it, with `after`) in the keys' order: the first key that
 * differs decides. A keyset condition, so a neighbour costs one scan, never an OFFSET. `at` is a
 * row's alias or the keys' values.
 */
export function comesBefore(keys: readonly OrderKey[], row: string, at: string | readonly unknown[], after = false): Prisma.Sql {
  const column = (i: number) => Prisma.raw(`${row}.${keys[i].column}`);
  const terms = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((_, j) => Prisma.sql`${column(j)} = ${keyAt(keys, at, j)}`);
    const op = Prisma.raw((key.dir === "asc") !== after ? "<" : ">");
    return Prisma.sql`(${Prisma.join([...equal, Prisma.sql`${column(i)} ${op} ${keyAt(keys, at, i)}`], " AND ")})`;
  });
  return Prisma.sql`(${Prisma.join(terms, " OR ")})`;
}
