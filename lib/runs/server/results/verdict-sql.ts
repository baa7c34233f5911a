import { Prisma } from "@/lib/generated/prisma/client";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";

/*
 * The verdict rules of lib/runs/results/verdict.ts as SQL, for aggregates that must not load every
 * row: a done binary result passes on `passed` (or on its score when the judge gave only that),
 * a continuous one when its score is at least PASS_THRESHOLD; not-applicable rows are "n/a".
 * The fragments expect the Evaluation as `e` and its Criterion as `c`. SQLite and
 * PostgreSQL can store infinities, which `finite()` rejects, so the comparisons bound the score on both sides.
 */

// The largest finite double, as a double on both databases: scores beyond it are infinite (or
// NaN, which PostgreSQL sorts above every number and SQLite stores as NULL).
const MAX_DOUBLE = Prisma.raw("CAST(1.7976931348623157e308 AS DOUBLE PRECISION)");

const usesPassed = Prisma.sql`c.scale = 'binary' AND e.passed IS NOT NULL`;

/** A finite score that passes, or fails: a done result's verdict when the judge gave no `passed` that counts. */
export const PASSING_SCORE_SQL = Prisma.sql`(e.score >= ${PASS_THRESHOLD} AND e.score <= ${MAX_DOUBLE})`;
export const FAILING_SCORE_SQL = Prisma.sql`(e.score < ${PASS_THRESHOLD} AND e.score >= -${MAX_DOUBLE})`;

export const PASS_SQL = Prisma.sql`(e.status = 'done' AND CASE WHEN ${usesPassed} THEN e.passed = TRUE ELSE ${PASSING_SCORE_SQL} END)`;

export const FAIL_SQL = Prisma.sql`(e.status = 'done' AND CASE WHEN ${usesPassed} THEN e.passed = FALSE ELSE ${FAILING_SCORE_SQL} END)`;

export const NOT_APPLICABLE_SQL = Prisma.sql`(e.status = 'not-applicable')`;

/** A finite score of a done row, for means and histograms. */
export const FINITE_SCORE_SQL = Prisma.sql`(e.status = 'done' AND e.score >= -${MAX_DOUBLE} AND e.score <= ${MAX_DOUBLE})`;

/** COUNT of the rows matching a condition, as an aggregate column. */
export const countWhere = (condition: Prisma.Sql) => Prisma.sql`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** SQLite returns counts as bigint through some drivers and as number through others. */
export const toNumber = (value: unknown): number => (typeof value === "bigint" ? Number(value) : typeof value === "number" ? value : Number(value ?? 0));

/** A raw SQLite boolean (0/1, as a number or a bigint depending on the driver), or null. */
export const asBoolean = (value: unknown): boolean | null => (value === null || value === undefined ? null : typeof value === "boolean" ? value : toNumber(value) !== 0);
