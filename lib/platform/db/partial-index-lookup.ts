/**
 * Prisma's WASM schema engine reads a SQLite partial index's WHERE clause with
 * `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = "<name>"`: a double-quoted
 * string, which better-sqlite3 (built without double-quoted string literals) takes for a column
 * and refuses ("column not found"), so no database with a partial index could be described,
 * diffed or migrated. This gives the same lookup with the name as a string literal; any other
 * statement comes back unchanged.
 */
const LOOKUP = /^(SELECT sql FROM sqlite_master WHERE type = 'index' AND name = )"((?:[^"]|"")*)"(\s*(?:;\s*)?)$/;

export function withQuotedIndexName(sql: string): string {
  const match = LOOKUP.exec(sql);
  if (!match) return sql;
  const name = match[2].replaceAll('""', '"');
  return `${match[1]}'${name.replaceAll("'", "''")}'${match[3]}`;
}
