import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrationPaths, migrationTimestamp, readMigrationsList, SQLITE_LOCKFILE } from "./migrations-dir";
import { pendingSqliteMigrations } from "./pending-migrations";
import { applyMigrations, createMigration, diffMigrationsToSchema, MigrationsLockedError, NothingToMigrateError } from "./schema-engine";
import { InvalidDatabaseUrlError } from "./url";

const project = migrationPaths();
const committedMigrations = readMigrationsList(project.migrationsDir).migrationDirectories.map((dir) => dir.path);
const schemaText = fs.readFileSync(project.schemaPath, "utf8");
const modelNames = [...schemaText.matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-migrations-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function tables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all();
    return rows.map((row) => String((row as { name: unknown }).name)).sort();
  } finally {
    db.close();
  }
}

function appliedRows(file: string): { migration_name: string; finished_at: unknown; rolled_back_at: unknown }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name")
      .all() as { migration_name: string; finished_at: unknown; rolled_back_at: unknown }[];
  } finally {
    db.close();
  }
}

describe("the committed migrations", () => {
  it("include an init migration and Prisma's SQLite lockfile", () => {
    expect(committedMigrations.length).toBeGreaterThan(0);
    expect(committedMigrations[0]).toMatch(/^\d{14}_init$/);
    expect(fs.readFileSync(path.join(project.migrationsDir, "migration_lock.toml"), "utf8")).toBe(SQLITE_LOCKFILE);
  });

  it("describe exactly what schema.prisma describes (schema changed without a migration? run `npm run db:migration -- <name>`)", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });

  it("create every model's table on a fresh file and record each migration in _prisma_migrations", async () => {
    const file = path.join(tmp, "fresh", "callboard.db");
    expect(await applyMigrations(`file:${file}`)).toEqual(committedMigrations);
    expect(tables(file)).toEqual([...modelNames, "_prisma_migrations"].sort());
    const rows = appliedRows(file);
    expect(rows.map((row) => row.migration_name)).toEqual(committedMigrations);
    for (const row of rows) {
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });

  it("are a no-op the second time", async () => {
    const file = path.join(tmp, "twice.db");
    await applyMigrations(`file:${file}`);
    expect(await applyMigrations(`file:${file}`)).toEqual([]);
    expect(appliedRows(file)).toHaveLength(committedMigrations.length);
  });

  it("leave the file unlocked and in WAL mode for the server", async () => {
    const file = path.join(tmp, "unlocked.db");
    await applyMigrations(`file:${file}`);
    const db = new Database(file, { timeout: 0 });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      db.prepare(`INSERT INTO "JudgeCache" ("key", "judgeId", "result") VALUES ('k', 'checks', '{}')`).run();
    } finally {
      db.close();
    }
  });

  it("drop the built-in judge's cache entries at upgrade, which nothing reads any more, and keep the others", async () => {
    const uncached = "20261127043900_checks_results_uncached";
    const dir = path.join(tmp, "before-uncached");
    fs.cpSync(project.migrationsDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, uncached), { recursive: true });
    const file = path.join(tmp, "before-uncached.db");
    await applyMigrations(`file:${file}`, { migrationsDir: dir });
    const db = new Database(file);
    const insert = db.prepare(`INSERT INTO "JudgeCache" ("key", "judgeId", "result", "createdAt") VALUES (?, ?, '{}', 0)`);
    for (const [key, judgeId] of [["a", "checks"], ["b", "checks"], ["c", "openai:gpt-4.1-mini"]]) insert.run(key, judgeId);
    db.close();

    fs.cpSync(path.join(project.migrationsDir, uncached), path.join(dir, uncached), { recursive: true });
    expect(await applyMigrations(`file:${file}`, { migrationsDir: dir })).toEqual([uncached]);
    const after = new Database(file, { readonly: true });
    expect(after.prepare(`SELECT "key", "judgeId" FROM "JudgeCache"`).all()).toEqual([{ key: "c", judgeId: "openai:gpt-4.1-mini" }]);
    after.close();
  });

  it("report a failing migration by name, with SQLite's own message", async () => {
    const migrationsDir = path.join(tmp, "broken");
    fs.cpSync(project.migrationsDir, migrationsDir, { recursive: true });
    fs.mkdirSync(path.join(migrationsDir, "20990101000000_broken"));
    fs.writeFileSync(path.join(migrationsDir, "20990101000000_broken", "migration.sql"), 'CREATE TABLE "X" ("id" INTEGER);\nCREATE TABLEE oops;\n');
    await expect(applyMigrations(`file:${path.join(tmp, "broken.db")}`, { migrationsDir })).rejects.toThrow(
      'Migration 20990101000000_broken: near "TABLEE": syntax error',
    );
    await expect(diffMigrationsToSchema({ migrationsDir })).rejects.toThrow(/P3006 .*20990101000000_broken.* near "TABLEE": syntax error/);
  });

  it("refuse a DATABASE_URL that is neither SQLite nor PostgreSQL before touching anything", async () => {
    await expect(applyMigrations("mysql://localhost/callboard")).rejects.toThrow(InvalidDatabaseUrlError);
  });
});

describe("applying migrations while another process uses the SQLite file (a worker beside a restarting server)", () => {
  const latest = committedMigrations.at(-1) ?? "";
  let other: ChildProcess | null = null;
  afterEach(() => {
    other?.kill("SIGKILL");
    other = null;
  });

  /** The migrations folder without its latest migration, as before an upgrade. */
  function olderMigrations(name: string): string {
    const dir = path.join(tmp, name);
    fs.cpSync(project.migrationsDir, dir, { recursive: true });
    fs.rmSync(path.join(dir, latest), { recursive: true });
    return dir;
  }

  /** Another process with the file open and a write transaction in progress, as a worker writing a batch of results. */
  async function writingInAnotherProcess(file: string): Promise<ChildProcess> {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const script = [
      `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)}, { timeout: 5000 });`,
      `db.exec("BEGIN IMMEDIATE");`,
      `db.prepare(\`INSERT INTO "JudgeCache" ("key", "judgeId", "result") VALUES ('other', 'checks', '{}')\`).run();`,
      `console.log("writing");`,
      `setInterval(() => {}, 1000);`,
    ].join(" ");
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("writing") && resolve());
      child.once("exit", (code) => reject(new Error(`the other process exited (${code})`)));
    });
    return child;
  }

  it("finds nothing to apply without waiting for the other process's locks", async () => {
    const file = path.join(tmp, "restart.db");
    await applyMigrations(`file:${file}`);
    other = await writingInAnotherProcess(file);
    // Failed with "unknown variant `SocketTimeout`" (SQLITE_BUSY as the engine cannot read it) once the busy timeout ran out.
    expect(await applyMigrations(`file:${file}`)).toEqual([]);
  });

  it("says which migrations wait and what to stop when the other process keeps the file, then applies them once it is gone", async () => {
    const file = path.join(tmp, "upgrade.db");
    await applyMigrations(`file:${file}`, { migrationsDir: olderMigrations("before-upgrade") });
    other = await writingInAnotherProcess(file);
    const applying = applyMigrations(`file:${file}`, { lockWaitMs: 300 });
    await expect(applying).rejects.toThrow(MigrationsLockedError);
    await expect(applying).rejects.toThrow(`Cannot apply 1 pending migration(s) (${latest}) to ${file}: other processes kept the database open for 0.3 s`);
    await expect(applying).rejects.toThrow(/Stop the other processes using it \(`npm run worker`/);
    expect(pendingSqliteMigrations(file, committedMigrations)).toEqual([latest]);

    other.kill("SIGKILL");
    await new Promise((resolve) => other?.once("exit", resolve));
    expect(await applyMigrations(`file:${file}`)).toEqual([latest]);
  });
});

describe("pendingSqliteMigrations", () => {
  it("leaves a file without history to the engine", () => {
    const file = path.join(tmp, "no-history.db");
    new Database(file).close();
    expect(pendingSqliteMigrations(file, committedMigrations)).toBeNull();
  });

  it("names the migrations not finished, and leaves a failed one to the engine (which says how to resolve it)", async () => {
    const file = path.join(tmp, "history.db");
    await applyMigrations(`file:${file}`);
    expect(pendingSqliteMigrations(file, committedMigrations)).toEqual([]);
    expect(pendingSqliteMigrations(file, [...committedMigrations, "20990101000000_next"])).toEqual(["20990101000000_next"]);
    const db = new Database(file);
    db.prepare(`UPDATE "_prisma_migrations" SET "rolled_back_at" = "finished_at" WHERE "migration_name" = ?`).run(committedMigrations[0]);
    expect(pendingSqliteMigrations(file, committedMigrations)).toEqual([committedMigrations[0]]);
    db.prepare(`UPDATE "_prisma_migrations" SET "finished_at" = NULL, "rolled_back_at" = NULL WHERE "migration_name" = ?`).run(committedMigrations[0]);
    db.close();
    expect(pendingSqliteMigrations(file, committedMigrations)).toBeNull();
  });
});

describe("createMigration", () => {
  // A copy of the project's migrations and a changed schema: a new model, a new optional
  // column, and an optional column made required (which SQLite can only do by rebuilding the table).
  function changedCopy(name: string) {
    const dir = path.join(tmp, name);
    fs.cpSync(project.migrationsDir, path.join(dir, "migrations"), { recursive: true });
    const schema = schemaText
      .replace(/^(model Criterion \{[\s\S]*?)title(\s+)String\?/m, "$1title$2String  @default(\"\")")
      .replace(/^(model Run \{\n)/m, "$1  notes String?\n")
      .concat('\nmodel Tag {\n  id    String @id @default(cuid())\n  label String @unique\n}\n');
    fs.writeFileSync(path.join(dir, "schema.prisma"), schema);
    return { schemaPath: path.join(dir, "schema.prisma"), migrationsDir: path.join(dir, "migrations") };
  }

  it("writes the SQL for a changed schema in Prisma's format, which then applies and leaves no diff", async () => {
    const paths = changedCopy("changed");
    const created = await createMigration("add_tags", { ...paths, now: new Date("2099-01-02T03:04:05Z") });

    expect(created.name).toBe("20990102030405_add_tags");
    expect(created.file).toBe(path.join(paths.migrationsDir, "20990102030405_add_tags", "migration.sql"));
    expect(fs.readFileSync(created.file, "utf8")).toBe(created.sql);
    expect(created.sql).toContain('CREATE TABLE "Tag"');
    expect(created.sql).toContain('ALTER TABLE "Run" ADD COLUMN "notes" TEXT');
    expect(created.sql).toContain("-- RedefineTables");

    // Replaying two multi-statement migrations in the shadow database is what used to fail (P3006).
    expect(await diffMigrationsToSchema(paths)).toBe("");
    await expect(createMigration("again", { ...paths, now: new Date("2099-01-02T03:04:06Z") })).rejects.toThrow(
      NothingToMigrateError,
    );

    const file = path.join(tmp, "changed.db");
    expect(await applyMigrations(`file:${file}`, paths)).toEqual([...committedMigrations, "20990102030405_add_tags"]);
    expect(tables(file)).toContain("Tag");
  });

  it("upgrades a database that holds data", async () => {
    const paths = changedCopy("with-data");
    const file = path.join(tmp, "with-data.db");
    await applyMigrations(`file:${file}`, paths);
    const db = new Database(file);
    db.prepare(
      `INSERT INTO "Criterion" ("id", "text", "kind", "scale", "condition", "updatedAt") VALUES ('c1', 'reward: x', 'reward', 'continuous', 'x', 0)`,
    ).run();
    db.close();

    await createMigration("add_tags", { ...paths, now: new Date("2099-01-02T03:04:05Z") });
    expect(await applyMigrations(`file:${file}`, paths)).toEqual(["20990102030405_add_tags"]);
    const after = new Database(file, { readonly: true });
    expect(after.prepare(`SELECT "title" FROM "Criterion" WHERE "id" = 'c1'`).get()).toEqual({ title: "" });
    after.close();
  });

  it("starts a history from nothing, writing the lockfile too", async () => {
    const dir = path.join(tmp, "empty-history");
    const created = await createMigration("init", { schemaPath: project.schemaPath, migrationsDir: path.join(dir, "migrations"), now: new Date("2030-05-06T07:08:09Z") });
    expect(created.name).toBe("20300506070809_init");
    expect(fs.readFileSync(path.join(dir, "migrations", "migration_lock.toml"), "utf8")).toBe(SQLITE_LOCKFILE);
    for (const model of modelNames) expect(created.sql).toContain(`CREATE TABLE "${model}"`);
  });

  it("refuses an unchanged schema, a bad name, and a timestamp older than the latest migration", async () => {
    const unchanged = path.join(tmp, "unchanged");
    fs.cpSync(project.migrationsDir, unchanged, { recursive: true });
    await expect(createMigration("nothing", { migrationsDir: unchanged })).rejects.toThrow(/no change to write/);
    expect(readMigrationsList(unchanged).migrationDirectories.map((dir) => dir.path)).toEqual(committedMigrations);

    const paths = { migrationsDir: path.join(tmp, "never-written") };
    await expect(createMigration("Add Tags", paths)).rejects.toThrow(/Invalid migration name "Add Tags"/);
    await expect(createMigration("../escape", paths)).rejects.toThrow(/Invalid migration name/);
    const changed = changedCopy("old-clock");
    await expect(createMigration("late", { ...changed, now: new Date("2001-01-01T00:00:00Z") })).rejects.toThrow(/is not older than/);
    expect(fs.existsSync(paths.migrationsDir)).toBe(false);
  });
});

describe("migrationTimestamp", () => {
  it("is UTC YYYYMMDDHHMMSS", () => {
    expect(migrationTimestamp(new Date("2025-03-04T05:06:07.890Z"))).toBe("20250304050607");
  });
});
