/**
 * Copies a seeded SQLite bench database into a migrated PostgreSQL one with COPY, for databases
 * too large for copy-to-postgres.ts's multi-row INSERTs (1.26 million results: still copying after
 * 11 minutes at load 7). Each table streams from the `sqlite3` shell as CSV into `psql`'s \copy,
 * secondary indexes dropped first and built again after (one sort each, instead of an index
 * insert per row), foreign-key triggers off for the load (session_replication_role = replica:
 * the rows come from a database that held the same constraints). Then VACUUM (ANALYZE), as
 * autovacuum would have (see copy-to-postgres.ts).
 *
 *   npx tsx scripts/bench/copy-to-postgres-fast.ts /tmp/…/bench.db postgresql://callboard@127.0.0.1:3450/bench
 *
 * Needs the `sqlite3` and `psql` programs (Debian's sqlite3 and postgresql-client). Values: SQLite's
 * CSV writes NULL unquoted-empty and '' quoted, which PostgreSQL's CSV reads back as NULL and '';
 * 0/1 read as booleans; DateTime text as timestamps (epoch milliseconds are turned to text first).
 */
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { createPrisma } from "@/lib/platform/db/client";
import { applyMigrations } from "@/lib/platform/db/schema-engine";

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One table: `sqlite3 -csv` piped into `psql \copy`; resolves with psql's "COPY n" count. */
function copyTable(sqliteFile: string, postgresUrl: string, table: string, select: string, columns: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const reader = spawn("sqlite3", ["-batch", "-csv", "-readonly", sqliteFile, select], { stdio: ["ignore", "pipe", "pipe"] });
    const copy = `\\copy ${quote(table)} (${columns.map(quote).join(", ")}) FROM STDIN WITH (FORMAT csv)`;
    const writer = spawn("psql", ["-X", "-v", "ON_ERROR_STOP=1", postgresUrl, "-c", "SET session_replication_role = replica", "-c", copy], { stdio: ["pipe", "pipe", "pipe"] });
    reader.stdout.pipe(writer.stdin);
    let errors = "";
    let output = "";
    reader.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    writer.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    writer.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    reader.on("error", reject);
    writer.on("error", reject);
    writer.on("close", (code) => {
      if (code !== 0) reject(new Error(`copy of ${table} failed (psql exit ${code}): ${errors.trim()}`));
      else resolve(Number(/COPY (\d+)/.exec(output)?.[1] ?? 0));
    });
  });
}

/** Migrates `postgresUrl` and copies every row of `sqliteFile` into it; returns rows per table. */
export async function copySqliteToPostgresFast(sqliteFile: string, postgresUrl: string, log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  await applyMigrations(postgresUrl);
  const db = new Database(sqliteFile, { readonly: true });
  const prisma = createPrisma(postgresUrl);
  try {
    const tables = (db.prepare(`SELECT "name" FROM sqlite_master WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%' AND "name" <> '_prisma_migrations'`).all() as { name: string }[]).map((row) => row.name);
    const catalog = await prisma.$queryRawUnsafe<{ table_name: string; column_name: string; data_type: string }[]>(
      `SELECT "table_name", "column_name", "data_type" FROM information_schema.columns WHERE "table_schema" = current_schema()`,
    );
    const typeOf = new Map(catalog.map((row) => [`${row.table_name}.${row.column_name}`, row.data_type]));
    // Every index but the primary keys' (constraints, which COPY fills as cheaply as a sort would).
    const indexes = await prisma.$queryRawUnsafe<{ indexname: string; indexdef: string }[]>(
      `SELECT i."indexname", i."indexdef" FROM pg_indexes i WHERE i."schemaname" = current_schema()
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c."conname" = i."indexname" AND c."contype" = 'p')`,
    );
    await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map(quote).join(", ")} CASCADE`);
    for (const index of indexes) await prisma.$executeRawUnsafe(`DROP INDEX ${quote(index.indexname)}`);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const columns = (db.pragma(`table_info(${quote(table)})`) as { name: string }[]).map((column) => column.name);
      const absent = columns.filter((column) => !typeOf.has(`${table}.${column}`));
      if (absent.length) throw new Error(`PostgreSQL's "${table}" has no column ${absent.join(", ")}: are both databases at the same schema?`);
      const expressions = columns.map((column) =>
        typeOf.get(`${table}.${column}`)!.startsWith("timestamp")
          ? `CASE WHEN typeof(${quote(column)}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${quote(column)} / 1000.0, 'unixepoch') ELSE ${quote(column)} END`
          : quote(column),
      );
      const started = performance.now();
      counts[table] = await copyTable(sqliteFile, postgresUrl, table, `SELECT ${expressions.join(", ")} FROM ${quote(table)}`, columns);
      if (counts[table] > 10_000) log(`  ${table}: ${counts[table].toLocaleString("en-US")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const started = performance.now();
    for (const index of indexes) await prisma.$executeRawUnsafe(index.indexdef);
    log(`  ${indexes.length} indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
    return counts;
  } finally {
    db.close();
    await prisma.$disconnect();
  }
}

if (process.argv[1]?.endsWith("copy-to-postgres-fast.ts")) {
  const [sqliteFile, postgresUrl] = process.argv.slice(2);
  if (!sqliteFile || !postgresUrl) {
    console.error("usage: npx tsx scripts/bench/copy-to-postgres-fast.ts SQLITE_FILE POSTGRES_URL");
    process.exit(2);
  }
  const started = performance.now();
  copySqliteToPostgresFast(sqliteFile, postgresUrl, (line) => console.log(line))
    .then((counts) => console.log(`copied ${Object.values(counts).reduce((a, b) => a + b, 0).toLocaleString("en-US")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
