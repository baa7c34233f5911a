/**
 * Copies every row of a seeded SQLite bench database into a migrated, empty PostgreSQL one, so
 * that a bench seeded with SQLite's fast prepared statements (bench:results' seed.ts) measures
 * the same rows on PostgreSQL. Tables go parents first (SQLite's foreign key lists), as
 * multi-row INSERTs (lib/platform/db/multi-row-insert.ts); values are turned into PostgreSQL's
 * column types as read from its catalog: SQLite's 0/1 into booleans, Prisma's DateTime text (or
 * epoch milliseconds) into timestamps, JSON text cast to jsonb.
 */
import Database from "better-sqlite3";
import { createPrisma } from "@/lib/platform/db/client";
import { insertRowsPostgres, type SqlValue } from "@/lib/platform/db/multi-row-insert";

const BATCH_ROWS = 5000;

/** Parents before children; a table's references to itself do not count. */
function parentsFirst(db: Database.Database, tables: readonly string[]): string[] {
  const parents = new Map(
    tables.map((table) => [table, new Set((db.pragma(`foreign_key_list("${table}")`) as { table: string }[]).map((fk) => fk.table).filter((t) => t !== table))]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (!ready.length) throw new Error(`copy-to-postgres: foreign keys go round in a circle among ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

function converter(dataType: string, table: string, column: string): (value: unknown) => SqlValue {
  return (value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === "bigint") value = Number(value);
    if (dataType === "boolean") return value === 1 || value === true || value === "1" || value === "true";
    if (dataType.startsWith("timestamp")) return typeof value === "number" ? new Date(value) : new Date(String(value));
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
    throw new Error(`copy-to-postgres: ${table}.${column} holds a ${value instanceof Buffer ? "blob" : typeof value}, which this copy does not carry`);
  };
}

/** Copies `sqliteFile` into `postgresUrl` (migrated, any rows the migrations inserted are replaced); returns rows per table. */
export async function copySqliteToPostgres(sqliteFile: string, postgresUrl: string): Promise<Record<string, number>> {
  const db = new Database(sqliteFile, { readonly: true });
  const prisma = createPrisma(postgresUrl);
  try {
    const tables = (db.prepare(`SELECT "name" FROM sqlite_master WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%' AND "name" <> '_prisma_migrations'`).all() as { name: string }[]).map((row) => row.name);
    const columnsOf = new Map<string, Map<string, string>>();
    const catalog = await prisma.$queryRawUnsafe<{ table_name: string; column_name: string; data_type: string }[]>(
      `SELECT "table_name", "column_name", "data_type" FROM information_schema.columns WHERE "table_schema" = current_schema()`,
    );
    for (const row of catalog) {
      let columns = columnsOf.get(row.table_name);
      if (!columns) columnsOf.set(row.table_name, (columns = new Map()));
      columns.set(row.column_name, row.data_type);
    }
    const missing = tables.filter((table) => !columnsOf.has(table));
    if (missing.length) throw new Error(`copy-to-postgres: PostgreSQL has no table ${missing.join(", ")}: are the two migration histories at the same schema?`);
    const ordered = parentsFirst(db, tables);
    const counts: Record<string, number> = {};
    await prisma.$transaction(
      async (tx) => {
        // Rows the PostgreSQL migrations inserted (the default review labels) are in SQLite's copy too.
        await tx.$executeRawUnsafe(`TRUNCATE ${ordered.map((table) => `"${table}"`).join(", ")} CASCADE`);
        for (const table of ordered) {
          const pgColumns = columnsOf.get(table)!;
          const columns = (db.pragma(`table_info("${table}")`) as { name: string }[]).map((column) => column.name);
          const absent = columns.filter((column) => !pgColumns.has(column));
          if (absent.length) throw new Error(`copy-to-postgres: PostgreSQL's "${table}" has no column ${absent.join(", ")}`);
          const convert = columns.map((column) => converter(pgColumns.get(column)!, table, column));
          const casts = Object.fromEntries(columns.filter((column) => pgColumns.get(column) === "jsonb").map((column) => [column, "jsonb"]));
          let batch: SqlValue[][] = [];
          counts[table] = 0;
          const select = db.prepare(`SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${table}"`).raw(true);
          for (const row of select.iterate() as Iterable<unknown[]>) {
            batch.push(row.map((value, i) => convert[i](value)));
            if (batch.length >= BATCH_ROWS) {
              await insertRowsPostgres(tx, table, columns, batch, casts);
              counts[table] += batch.length;
              batch = [];
            }
          }
          await insertRowsPostgres(tx, table, columns, batch, casts);
          counts[table] += batch.length;
        }
      },
      { timeout: 30 * 60 * 1000, maxWait: 60_000 },
    );
    // A long-lived PostgreSQL database has statistics and visibility maps: autovacuum analyses and,
    // since PostgreSQL 13, vacuums tables after bulk inserts (it did all of these within 75 s of a
    // copy here). A bench that queried before its first round would measure plans nobody gets: without
    // the visibility map an index-only scan costs heap reads, and the verdict filter's plan changed.
    await prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
    return counts;
  } finally {
    db.close();
    await prisma.$disconnect();
  }
}
