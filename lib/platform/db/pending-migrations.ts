import Database from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "./sqlite";

interface MigrationRow {
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * Which of `names` (migration folders, in order) the SQLite file has not applied yet, read from
 * Prisma's `_prisma_migrations` without a write lock, so that a start-up with nothing to apply
 * never waits on the other processes using the file. Null when only the schema engine can say:
 * there is no history yet (a new file, or one that needs baselining), or a migration failed half-way.
 */
export function pendingSqliteMigrations(filePath: string, names: readonly string[]): string[] | null {
  const db = new Database(filePath, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    const history = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get();
    if (history === undefined) return null;
    const rows = db.prepare(`SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations`).all() as MigrationRow[];
    // The engine refuses to go on past a failed migration (P3009) and says how to resolve it.
    if (rows.some((row) => row.finished_at === null && row.rolled_back_at === null)) return null;
    const applied = new Set(rows.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => row.migration_name));
    return names.filter((name) => !applied.has(name));
  } finally {
    db.close();
  }
}
