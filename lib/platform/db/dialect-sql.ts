import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "./dialect";
import type { DatabaseProvider } from "./provider-schema";
import { containsIgnoringCase } from "./text-search";

/*
 * SQL fragments that differ between SQLite and PostgreSQL, one function per construct. Most of
 * Callboard's raw SQL is written once in the dialect both share; only these need telling apart.
 * Code that only differs by such a fragment takes the client's SqlDialect (sqlDialect) instead of
 * a store of its own.
 */
export interface SqlDialect {
  readonly provider: DatabaseProvider;
  /**
   * The elements of a JSON list of strings held in a TEXT column, as a table `alias` with a column
   * "value", for a FROM list (`FROM t, <this>`): SQLite's json_each, PostgreSQL's jsonb_array_elements_text.
   */
  jsonTextElements(column: Prisma.Sql, alias: string): Prisma.Sql;
  /** jsonTextElements as a LEFT JOIN: a row without elements (or with NULL) stays, with a NULL value. */
  leftJoinJsonTextElements(column: Prisma.Sql, alias: string): Prisma.Sql;
  /** The smaller of two values: SQLite's two-argument min(), PostgreSQL's LEAST. */
  least(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql;
  /** A non-negative number rounded down to an integer: SQLite's CAST truncates, PostgreSQL's rounds. */
  floorToInteger(value: Prisma.Sql): Prisma.Sql;
  /**
   * Whether every transaction takes the database's write lock at BEGIN, so that code which reads,
   * then writes what it read is serialised already (SQLite: lib/platform/db/sqlite.ts), or needs
   * row locks for that (PostgreSQL under READ COMMITTED: row-lock.ts).
   */
  readonly serialisesTransactions: boolean;
  /** Whether text and JSON columns store the NUL character (PostgreSQL's text and jsonb do not). */
  readonly storesNul: boolean;
  /**
   * Whether processes of several machines may share the database (a PostgreSQL server), or only
   * those of the machine that holds its file (SQLite), which can ask each other by pid.
   */
  readonly sharedByMachines: boolean;
  /** Prisma's `contains` for what people type into a search box, ignoring case (text-search.ts). */
  containsIgnoringCase(text: string): { contains: string } | { in: string[] };
}

const sqlite: SqlDialect = {
  provider: "sqlite",
  serialisesTransactions: true,
  storesNul: true,
  sharedByMachines: false,
  jsonTextElements: (column, alias) => Prisma.sql`json_each(${column}) ${Prisma.raw(alias)}`,
  leftJoinJsonTextElements: (column, alias) => Prisma.sql`LEFT JOIN ${sqlite.jsonTextElements(column, alias)} ON TRUE`,
  least: (a, b) => Prisma.sql`MIN(${a}, ${b})`,
  floorToInteger: (value) => Prisma.sql`CAST(${value} AS INTEGER)`,
  containsIgnoringCase: (text) => containsIgnoringCase("sqlite", text),
};

const postgresql: SqlDialect = {
  provider: "postgresql",
  serialisesTransactions: false,
  storesNul: false,
  sharedByMachines: true,
  jsonTextElements: (column, alias) => Prisma.sql`jsonb_array_elements_text((${column})::jsonb) AS ${Prisma.raw(alias)}("value")`,
  leftJoinJsonTextElements: (column, alias) => Prisma.sql`LEFT JOIN LATERAL ${postgresql.jsonTextElements(column, alias)} ON TRUE`,
  least: (a, b) => Prisma.sql`LEAST(${a}, ${b})`,
  floorToInteger: (value) => Prisma.sql`CAST(FLOOR(${value}) AS INTEGER)`,
  containsIgnoringCase: (text) => containsIgnoringCase("postgresql", text),
};

/** The SQL fragments of `client`'s database. */
export function sqlDialect(client: PrismaClient | Prisma.TransactionClient): SqlDialect {
  return forDialect(client, { sqlite, postgresql });
}
