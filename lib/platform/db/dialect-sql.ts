import { Prisma } from "@/lib/generated/prisma/client";
import type { DatabaseProvider } from "./provider-schema";

/*
 * SQL fragments that differ between SQLite and PostgreSQL, one function per construct. Most of
 * Callboard's raw SQL is written once in the dialect both share; only these need telling apart.
 */

/**
 * The elements of a JSON list of strings held in a TEXT column, as a table `alias` with a column
 * "value", for a FROM list (`FROM t, <this>`): SQLite's json_each, PostgreSQL's jsonb_array_elements_text.
 */
export function jsonTextElements(dialect: DatabaseProvider, column: Prisma.Sql, alias: string): Prisma.Sql {
  const name = Prisma.raw(alias);
  return dialect === "sqlite" ? Prisma.sql`json_each(${column}) ${name}` : Prisma.sql`jsonb_array_elements_text((${column})::jsonb) AS ${name}("value")`;
}

/** jsonTextElements as a LEFT JOIN: a row without elements (or with NULL) stays, with a NULL value. */
export function leftJoinJsonTextElements(dialect: DatabaseProvider, column: Prisma.Sql, alias: string): Prisma.Sql {
  const elements = jsonTextElements(dialect, column, alias);
  return dialect === "sqlite" ? Prisma.sql`LEFT JOIN ${elements} ON TRUE` : Prisma.sql`LEFT JOIN LATERAL ${elements} ON TRUE`;
}

/** The smaller of two values: SQLite's two-argument min(), PostgreSQL's LEAST. */
export function least(dialect: DatabaseProvider, a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
  return dialect === "sqlite" ? Prisma.sql`MIN(${a}, ${b})` : Prisma.sql`LEAST(${a}, ${b})`;
}

/** A non-negative number rounded down to an integer: SQLite's CAST truncates, PostgreSQL's rounds. */
export function floorToInteger(dialect: DatabaseProvider, value: Prisma.Sql): Prisma.Sql {
  return dialect === "sqlite" ? Prisma.sql`CAST(${value} AS INTEGER)` : Prisma.sql`CAST(FLOOR(${value}) AS INTEGER)`;
}
