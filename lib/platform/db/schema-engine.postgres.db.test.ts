import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationPaths, POSTGRES_LOCKFILE, readMigrationsList } from "./migrations-dir";
import { createPgDatabase, dropPgDatabase, pgTestServer, postgresAvailable, type PgTestServer } from "./pg-test-server";
import { applyMigrations, createMigration, diffMigrationsToSchema } from "./schema-engine";

// PostgreSQL's migrations (prisma/migrations-postgresql) from the same schema.prisma as SQLite's.
// Runs wherever PostgreSQL is installed (a throwaway cluster) or CALLBOARD_TEST_POSTGRES_URL is set.
const sqlite = migrationPaths();
const postgres = migrationPaths({}, process.cwd(), "postgresql");
const committed = readMigrationsList(postgres.migrationsDir).migrationDirectories.map((dir) => dir.path);
const modelNames = [...fs.readFileSync(sqlite.schemaPath, "utf8").matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);

let server: PgTestServer;
let tmp: string;
const made: string[] = [];

async function freshDatabase(label: string): Promise<string> {
  const url = await createPgDatabase(server.url, label);
  made.push(url);
  return url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresAvailable())("the committed PostgreSQL migrations", () => {
  beforeAll(async () => {
    server = await pgTestServer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-pg-migrations-"));
  }, 60_000);
  afterAll(async () => {
    for (const url of made) await dropPgDatabase(server.url, url);
    server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("start with an init migration, with Prisma's PostgreSQL lockfile", () => {
    expect(committed[0]).toMatch(/^\d{14}_init$/);
    expect(fs.readFileSync(path.join(postgres.migrationsDir, "migration_lock.toml"), "utf8")).toBe(POSTGRES_LOCKFILE);
  });

  it("are paired with SQLite's: every SQLite migration after PostgreSQL's init has a PostgreSQL one of the same name", () => {
    const since = committed[0].slice(0, 14);
    const sqliteNames = readMigrationsList(sqlite.migrationsDir).migrationDirectories.map((dir) => dir.path);
    expect(committed.slice(1)).toEqual(sqliteNames.filter((name) => name.slice(0, 14) > since));
  });

  it("describe exactly what schema.prisma describes (schema changed without a migration? run `npm run db:migration -- <name>`)", async () => {
    expect(await diffMigrationsToSchema({ provider: "postgresql", shadowDatabaseUrl: server.url })).toBe("");
  });

  it("create every model's table on a fresh database, record each migration, and are a no-op the second time", async () => {
    const url = await freshDatabase("fresh");
    expect(await applyMigrations(url)).toEqual(committed);
    const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.map((row) => row.tablename).sort()).toEqual([...modelNames, "_prisma_migrations"].sort());
    const rows = await query<{ migration_name: string; finished_at: Date | null }>(url, "SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name");
    expect(rows.map((row) => row.migration_name)).toEqual(committed);
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    expect(await applyMigrations(url)).toEqual([]);
    // The shadow databases of the diffs above are gone again.
    const shadows = await query<{ datname: string }>(server.url, "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'");
    expect(shadows).toEqual([]);
  });

  it("hold the same data as SQLite's history inserts (the default review labels)", async () => {
    const file = path.join(tmp, "labels.db");
    await applyMigrations(`file:${file}`);
    const sqliteDb = new Database(file, { readonly: true });
    const fromSqlite = sqliteDb.prepare('SELECT "id", "name", "description", "position" FROM "ReviewLabel" ORDER BY "id"').all();
    sqliteDb.close();
    const url = await freshDatabase("labels");
    await applyMigrations(url);
    const fromPostgres = await query(url, 'SELECT "id", "name", "description", "position" FROM "ReviewLabel" ORDER BY "id"');
    expect(fromSqlite).toHaveLength(6);
    expect(fromPostgres).toEqual(fromSqlite);
  });

  it("compress large values with lz4 where the server has it, and leave the other columns on the default", async () => {
    const url = await freshDatabase("compression");
    await applyMigrations(url);
    const [{ lz4 }] = await query<{ lz4: boolean }>(url, "SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'");
    const columns = await query<{ table: string; column: string }>(
      url,
      `SELECT c.relname AS "table", a.attname AS "column" FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND a.attcompression = 'l' ORDER BY 1, 2`,
    );
    const compressed = columns.map((row) => `${row.table}.${row.column}`);
    if (!lz4) return expect(compressed).toEqual([]);
    expect(compressed).toEqual(expect.arrayContaining(["TraceSpan.data", "Transcript.messages", "ToolCall.response", "Evaluation.findings"]));
    expect(compressed).not.toContain("Transcript.name");
    // What is stored goes through lz4 once it is large enough to be compressed.
    await query(url, `INSERT INTO "TraceSpan" ("traceId", "spanId", "data") VALUES ('t', 's', repeat('{"a":1}', 2000))`);
    expect(await query(url, `SELECT pg_column_compression("data") AS method FROM "TraceSpan"`)).toEqual([{ method: "lz4" }]);
  });

  it("write a new PostgreSQL migration for a changed schema, which applies and leaves no diff", async () => {
    const dir = path.join(tmp, "changed");
    fs.cpSync(postgres.migrationsDir, path.join(dir, "migrations"), { recursive: true });
    const schema = fs
      .readFileSync(sqlite.schemaPath, "utf8")
      .replace(/^(model Run \{\n)/m, "$1  notes String?\n")
      .concat('\nmodel Tag {\n  id    String @id @default(cuid())\n  label String @unique\n}\n');
    fs.writeFileSync(path.join(dir, "schema.prisma"), schema);
    const paths = { schemaPath: path.join(dir, "schema.prisma"), migrationsDir: path.join(dir, "migrations") };
    const options = { ...paths, provider: "postgresql" as const, shadowDatabaseUrl: server.url };

    const created = await createMigration("add_tags", { ...options, now: new Date("2099-01-02T03:04:05Z") });
    expect(created.sql).toContain('CREATE TABLE "Tag"');
    expect(created.sql).toContain('ALTER TABLE "Run" ADD COLUMN     "notes" TEXT');
    expect(await diffMigrationsToSchema(options)).toBe("");

    const url = await freshDatabase("changed");
    expect(await applyMigrations(url, paths)).toEqual([...committed, "20990102030405_add_tags"]);
  });

  it("report a failing migration by name, with PostgreSQL's own message", async () => {
    const migrationsDir = path.join(tmp, "broken");
    fs.cpSync(postgres.migrationsDir, migrationsDir, { recursive: true });
    fs.mkdirSync(path.join(migrationsDir, "20990101000000_broken"));
    fs.writeFileSync(path.join(migrationsDir, "20990101000000_broken", "migration.sql"), 'CREATE TABLE "X" ("id" INTEGER);\nCREATE TABLEE oops;\n');
    await expect(applyMigrations(await freshDatabase("broken"), { migrationsDir })).rejects.toThrow(/20990101000000_broken.*syntax error at or near "TABLEE"/);
  });
});
