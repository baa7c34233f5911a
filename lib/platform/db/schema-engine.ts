// Migrations in Prisma's own format, applied and created offline with Prisma's WASM schema
// engine (see wasm-engine.ts) instead of the `prisma migrate` CLI: prisma/migrations for
// SQLite, prisma/migrations-postgresql for PostgreSQL, both from prisma/schema.prisma.
import type { MigrationList, SchemaContainer, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  LOCKFILES,
  migrationNameSchema,
  migrationPaths,
  migrationTimestamp,
  readMigrationsList,
  readSchema,
  writeMigration,
  type MigrationPaths,
} from "./migrations-dir";
import { pendingSqliteMigrations } from "./pending-migrations";
import { postgresSchemaText, type DatabaseProvider } from "./provider-schema";
import { enableWal } from "./sqlite";
import { databaseTarget, ensureSqlitePath } from "./url";
import { DatabaseLockedError, withEngine, type EngineTarget } from "./wasm-engine";

export { SchemaEngineError } from "./wasm-engine";

export type MigrationOptions = Partial<MigrationPaths>;
const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

/** schema.prisma (always the SQLite source) as `provider` sees it. */
function schemaFor(provider: DatabaseProvider, schemaPath: string): SchemaContainer {
  const schema = readSchema(schemaPath);
  return provider === "sqlite" ? schema : { path: schema.path, content: postgresSchemaText(schema.content) };
}

/**
 * How long applying migrations to a SQLite file waits for the other connections to it to close.
 * Long enough for another start-up's migrations to finish; a worker never lets go, so past this
 * the caller gets MigrationsLockedError, which says what to stop.
 */
export const MIGRATION_LOCK_WAIT_MS = 30_000;

export interface ApplyOptions extends MigrationOptions {
  /** SQLite: how long to wait for other processes to let go of the file (default MIGRATION_LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

/** Pending SQLite migrations could not have the file to themselves: other processes kept it open. */
export class MigrationsLockedError extends Error {
  override name = "MigrationsLockedError";
}

/**
 * Applies pending migrations to the database `databaseUrl` names (default DATABASE_URL): a
 * SQLite file from prisma/migrations, PostgreSQL from prisma/migrations-postgresql. Returns their names.
 */
export async function applyMigrations(databaseUrl?: string, options: ApplyOptions = {}): Promise<string[]> {
  const target = databaseTarget(databaseUrl);
  const paths = migrationPaths(options, process.cwd(), target.provider);
  const migrationsList = readMigrationsList(paths.migrationsDir);
  const schema = schemaFor(target.provider, paths.schemaPath);
  if (target.provider === "postgresql") return applyWithEngine({ provider: "postgresql", url: target.url }, schema, migrationsList);

  const filePath = ensureSqlitePath(target.url);
  enableWal(filePath);
  // The engine takes the file with locking_mode=EXCLUSIVE (Prisma's SQLite migrations run outside
  // transactions, so nobody else may write meanwhile), which in WAL mode waits until no other
  // connection has the file open: a worker attached to it would make every restart fail. With
  // nothing pending there is nothing to protect, and reading the history needs no write lock.
  const pending = pendingSqliteMigrations(filePath, migrationsList.migrationDirectories.map((directory) => directory.path));
  if (pending?.length === 0) return [];
  const lockWaitMs = options.lockWaitMs ?? MIGRATION_LOCK_WAIT_MS;
  try {
    return await applyWithEngine({ provider: "sqlite", filePath, busyTimeoutMs: lockWaitMs }, schema, migrationsList);
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    const what = pending ? `${pending.length} pending migration(s) (${pending.join(", ")})` : "pending migrations";
    throw new MigrationsLockedError(
      `Cannot apply ${what} to ${filePath}: other processes kept the database open for ${lockWaitMs / 1000} s, and migrations need it to themselves. ` +
        "Stop the other processes using it (`npm run worker`, `npm run dev`, another server or a CLI import), then try again.",
      { cause: error },
    );
  }
}

function applyWithEngine(target: EngineTarget, schema: SchemaContainer, migrationsList: MigrationList): Promise<string[]> {
  return withEngine(target, schema, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return appliedMigrationNames;
  });
}

export interface DiffOptions extends MigrationOptions {
  /** Default sqlite. */
  provider?: DatabaseProvider;
  /**
   * PostgreSQL only: a server on which the engine may create (and then drop) a shadow database
   * to replay the migrations in; nothing else there is touched. SQLite's shadow lives in memory.
   */
  shadowDatabaseUrl?: string;
}

function shadowTarget(options: DiffOptions): EngineTarget {
  if ((options.provider ?? "sqlite") === "sqlite") return { provider: "sqlite", filePath: ":memory:" };
  const target = databaseTarget(options.shadowDatabaseUrl ?? "");
  if (!options.shadowDatabaseUrl || target.provider !== "postgresql") {
    throw new Error("Diffing PostgreSQL migrations needs a PostgreSQL server for the shadow database (shadowDatabaseUrl)");
  }
  return { provider: "postgresql", url: target.url };
}

/** SQL that would bring a database built from the migrations to what schema.prisma describes; "" when in sync. */
export async function diffMigrationsToSchema(options: DiffOptions = {}): Promise<string> {
  const provider = options.provider ?? "sqlite";
  const paths = migrationPaths(options, process.cwd(), provider);
  const schema = schemaFor(provider, paths.schemaPath);
  const onDisk = readMigrationsList(paths.migrationsDir);
  // The engine needs the lockfile to know the connector, even before the first migration.
  const migrationsList = { ...onDisk, lockfile: { ...onDisk.lockfile, content: onDisk.lockfile.content ?? LOCKFILES[provider] } };
  // Both sides are built in a shadow database: the diff never touches a real one.
  return withEngine(shadowTarget(options), schema, async (engine) => {
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
export async function createMigration(name: string, options: DiffOptions & { now?: Date } = {}): Promise<CreatedMigration> {
  const parsedName = migrationNameSchema.safeParse(name);
  if (!parsedName.success) {
    throw new Error(`Invalid migration name ${JSON.stringify(name)}: ${parsedName.error.issues.map((issue) => issue.message).join("; ")}`);
  }
  const provider = options.provider ?? "sqlite";
  const paths = migrationPaths(options, process.cwd(), provider);
  const sql = await diffMigrationsToSchema({ ...options, ...paths });
  if (!sql.trim()) {
    throw new NothingToMigrateError(`${paths.schemaPath} matches ${paths.migrationsDir}: there is no change to write as a migration`);
  }
  const dirName = `${migrationTimestamp(options.now ?? new Date())}_${parsedName.data}`;
  // Folder names are the apply order: a new one must come after every existing one.
  const latest = readMigrationsList(paths.migrationsDir).migrationDirectories.at(-1)?.path;
  if (latest !== undefined && latest.slice(0, 14) >= dirName.slice(0, 14)) {
    throw new Error(`Migration ${latest} is not older than ${dirName}; wait a second (or check the clock) and retry`);
  }
  return { name: dirName, file: writeMigration(paths.migrationsDir, dirName, sql, provider), sql };
}
