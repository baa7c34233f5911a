import { executeSql, type SqlTarget } from "./sql-target";

/** PostgreSQL takes at most 65,535 parameters per statement; stay well under. */
const MAX_PARAMETERS = 30_000;

export type SqlValue = string | number | boolean | Date | null;

/**
 * INSERTs `rows` into `table` on PostgreSQL, as few multi-row statements as the parameter limit
 * allows (one round trip per statement instead of one per row). `casts` gives a column's
 * placeholder a type, e.g. "jsonb" for JSON sent as text.
 */
export async function insertRowsPostgres(
  db: SqlTarget,
  table: string,
  columns: readonly string[],
  rows: SqlValue[][],
  casts: Readonly<Record<string, string>> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const columnList = columns.map((column) => `"${column}"`).join(", ");
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const tuples = chunk.map((row, r) => {
      if (row.length !== columns.length) throw new Error(`A row for "${table}" has ${row.length} values for ${columns.length} columns`);
      const placeholders = columns.map((column, c) => {
        const cast = casts[column];
        return `$${r * columns.length + c + 1}${cast ? `::${cast}` : ""}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    await executeSql(db, `INSERT INTO "${table}" (${columnList}) VALUES ${tuples.join(", ")}`, chunk.flat());
  }
}
