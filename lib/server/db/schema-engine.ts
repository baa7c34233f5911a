// Migrations in prisma/migrations, in Prisma's own format, applied and created offline with
// Prisma's WASM schema engine (see wasm-engine.ts) instead of the `prisma migrate` CLI.
import type { SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  migrationNameSchema,
  migrationPaths,
  migrationTimestamp,
  readMigrationsList,
  readSchema,
  SQLITE_LOCKFILE,
  writeMigration,
  type MigrationPaths,
} from "./migrations-dir";
import { enableWal } from "./sqlite";
import { ensureSqlitePath } from "./url";
import { withEngine } from "./wasm-engine";

export { SchemaEngineError } from "./wasm-engine";

export type MigrationOptions = Partial<MigrationPaths>;
const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

/** Applies pending migrations to the SQLite file `databaseUrl` names (default DATABASE_URL); returns their names. */
export async function applyMigrations(databaseUrl?: string, options: MigrationOptions = {}): Promise<string[]> {
  const paths = migrationPaths(options);
  const databasePath = ensureSqlitePath(databaseUrl);
  enableWal(databasePath);
  const migrationsList = readMigrationsList(paths.migrationsDir);
  return withEngine(databasePath, readSchema(paths.schemaPath), async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return appliedMigrationNames;
  });
}

/** SQL that would bring a database built from the migrations to what schema.prisma describes; "" when in sync. */
export async function diffMigrationsToSchema(options: MigrationOptions = {}): Promise<string> {
  const paths = migrationPaths(options);
  const schema = readSchema(paths.schemaPath);
  const onDisk = readMigrationsList(paths.migrationsDir);
  // The engine needs the lockfile to know the connector, even before the first migration.
  const migrationsList = { ...onDisk, lockfile: { ...onDisk.lockfile, content: onDisk.lockfile.content ?? SQLITE_LOCKFILE } };
  // Both sides are built in memory: the diff never touches a real database.
  return withEngine(":memory:", schema, async (engine) => {
    const { exitCode, stdout } = await engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    });
    if (exitCode === 0) return "";
    if (exitCode === 2 && stdout) return stdout;
    throw new Error(`schema engine diff ended with exit code ${exitCode}`);
  });
}

export class NothingToMigrateError extends Error {
  override name = "NothingToMigrateError";
}

export interface CreatedMigration {
  name: string;
  file: string;
  sql: string;
}

/** Writes `<migrationsDir>/<YYYYMMDDHHMMSS>_<name>/migration.sql` with the SQL schema.prisma needs beyond the migrations. */
export async function createMigration(name: string, options: MigrationOptions & { now?: Date } = {}): Promise<CreatedMigration> {
  const parsedName = migrationNameSchema.safeParse(name);
  if (!parsedName.success) {
    throw new Error(`Invalid migration name ${JSON.stringify(name)}: ${parsedName.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  const paths = migrationPaths(options);
  const sql = await diffMigrationsToSchema(paths);
  if (!sql.trim()) {
    throw new NothingToMigrateError(`${paths.schemaPath} matches ${paths.migrationsDir}: there is no change to write as a migration`);
  }
  const dirName = `${migrationTimestamp(options.now ?? new Date())}_${parsedName.data}`;
  // Folder names are the apply order: a new one must come after every existing one.
  const latest = readMigrationsList(paths.migrationsDir).migrationDirectories.at(-1)?.path;
  if (latest !== undefined && latest.slice(0, 14) >= dirName.slice(0, 14)) {
    throw new Error(`Migration ${latest} is not older than ${dirName}; wait a second (or check the clock) and retry`);
  }
  return { name: dirName, file: writeMigration(paths.migrationsDir, dirName, sql), sql };
}
