import type { SqlValue } from "./multi-row-insert";
import { executeSql, type SqlTarget } from "./sql-target";

/** A column's PostgreSQL type, as insertRowsUnnestPostgres sends and casts it. */
export type UnnestType = "text" | "integer" | "double precision" | "boolean" | "jsonb" | "timestamp(3)";

export type UnnestColumn = readonly [name: string, type: UnnestType];

// JSON and timestamps travel as text arrays and are cast per element: the adapter sends strings
// as they are, and PostgreSQL reads an ISO string's "Z" as UTC for a timestamp without zone, as
// Prisma stores DateTime.
const ARRAY_TYPE: Record<UnnestType, string> = {
  text: "text[]",
  integer: "integer[]",
  "double precision": "double precision[]",
  boolean: "boolean[]",
  jsonb: "text[]",
  "timestamp(3)": "text[]",
};

/** The INSERT … SELECT FROM unnest(…) text for `columns`, one array parameter per column. */
export function unnestInsertSql(table: string, columns: readonly UnnestColumn[]): string {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const arrays = columns.map(([, type], i) => `$${i + 1}::${ARRAY_TYPE[type]}`).join(", ");
  const aliases = columns.map((_, i) => `c${i}`);
  const values = columns.map(([, type], i) => (type === "jsonb" || type === "timestamp(3)" ? `u.${aliases[i]}::${type}` : `u.${aliases[i]}`)).join(", ");
  return `INSERT INTO "${table}" (${names}) SELECT ${values} FROM unnest(${arrays}) AS u(${aliases.join(", ")})`;
}

/**
 * INSERTs `rows` into `table` on PostgreSQL in one statement whatever their number: each column
 * goes as one array parameter (`INSERT … SELECT FROM unnest`), so there is no parameter limit to
 * split at, and the statement's text (and so its parse and plan) is the same for every batch,
 * where multi-row VALUES has one placeholder per value.
 */
export async function insertRowsUnnestPostgres(
  db: SqlTarget,
  table: string,
  columns: readonly UnnestColumn[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const arrays: SqlValue[][] = columns.map(() => new Array<SqlValue>(rows.length));
  for (const [r, row] of rows.entries()) {
    if (row.length !== columns.length) throw new Error(`A row for "${table}" has ${row.length} values for ${columns.length} columns`);
    for (const [c, value] of row.entries()) arrays[c][r] = value instanceof Date ? value.toISOString() : value;
  }
  // One text per table and columns: prepared once per connection where that is possible.
  await executeSql(db, unnestInsertSql(table, columns), arrays, { prepare: true });
}
