import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { redactPassword } from "@/lib/platform/db/database-url";

export const DEFAULT_DATABASE_URL = "file:./data/callboard.db";

// An empty DATABASE_URL (e.g. `DATABASE_URL=` left in a .env template) means "not set".
const databaseUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : DEFAULT_DATABASE_URL))
  .refine((value) => value.startsWith("file:"), {
    message: 'must be a SQLite file URL such as "file:./data/callboard.db" or "file:/abs/path/callboard.db"',
  })
  // Prisma's own connection parameters (?connection_limit=...) mean nothing to better-sqlite3;
  // silently dropping them would hide a misconfiguration.
  .refine((value) => !value.includes("?"), { message: "must not carry query parameters" })
  .refine((value) => value.replace(/^file:(\/\/)?/, "").length > 0, { message: "names no file" });

export class InvalidDatabaseUrlError extends Error {
  override name = "InvalidDatabaseUrlError";
}

/**
 * The absolute path of the SQLite file that `databaseUrl` (default: DATABASE_URL) names.
 * Relative paths are taken from `root`, the project root, like prisma.config.ts does.
 */
export function sqlitePathFromUrl(
  databaseUrl: string | undefined = process.env.DATABASE_URL,
  root: string = process.cwd(),
): string {
  const parsed = databaseUrlSchema.safeParse(databaseUrl);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => issue.message).join("; ");
    throw new InvalidDatabaseUrlError(`DATABASE_URL ${JSON.stringify(databaseUrl)} ${reason}`);
  }
  const url = parsed.data;
  if (!url.startsWith("file://")) return path.resolve(root, url.slice("file:".length));
  try {
    return fileURLToPath(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidDatabaseUrlError(`DATABASE_URL ${JSON.stringify(databaseUrl)} is not a valid file URL: ${reason}`);
  }
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** Whether `databaseUrl` (default DATABASE_URL) names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(databaseUrl: string | undefined = process.env.DATABASE_URL): boolean {
  return POSTGRES_URL.test(databaseUrl?.trim() ?? "");
}

/** The database a URL names: a SQLite file (the default) or a PostgreSQL database. */
export type DatabaseTarget = { provider: "sqlite"; url: string; filePath: string } | { provider: "postgresql"; url: string };

// What pg reads from the URL is all there is: parameters Prisma's own engines understood and
// pg does not would be dropped in silence, and a wrong schema means tables "missing".
const UNSUPPORTED_POSTGRES_PARAMETERS = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "socket_timeout"];

function postgresUrl(source: string): string {
  const url = source.trim();
  const fail = (reason: string) => new InvalidDatabaseUrlError(`DATABASE_URL ${JSON.stringify(redactPassword(url))} ${reason}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail('is not a valid URL; expected e.g. "postgresql://user:password@localhost:5432/callboard"');
  }
  if (!parsed.hostname && !parsed.searchParams.get("host")) throw fail("names no host");
  if (parsed.pathname.replace(/^\//, "") === "") throw fail("names no database (add /<database> after the host)");
  const unsupported = UNSUPPORTED_POSTGRES_PARAMETERS.filter((name) => parsed.searchParams.has(name));
  if (unsupported.length > 0) {
    throw fail(`carries ${unsupported.map((name) => `"${name}"`).join(", ")}, which Callboard does not support on PostgreSQL (give Callboard a database of its own)`);
  }
  return url;
}

/** Parses DATABASE_URL (or `databaseUrl`): file: (default data/callboard.db) or postgresql://. Throws InvalidDatabaseUrlError. */
export function databaseTarget(databaseUrl: string | undefined = process.env.DATABASE_URL, root: string = process.cwd()): DatabaseTarget {
  if (isPostgresUrl(databaseUrl)) return { provider: "postgresql", url: postgresUrl(databaseUrl ?? "") };
  try {
    return { provider: "sqlite", url: databaseUrl?.trim() || DEFAULT_DATABASE_URL, filePath: sqlitePathFromUrl(databaseUrl, root) };
  } catch (error) {
    if (!(error instanceof InvalidDatabaseUrlError) || !error.message.includes("must be a SQLite file URL")) throw error;
    throw new InvalidDatabaseUrlError(
      `DATABASE_URL ${JSON.stringify(databaseUrl)} must be a SQLite file URL such as "file:./data/callboard.db" or a PostgreSQL URL such as "postgresql://user:password@localhost:5432/callboard"`,
    );
  }
}

/** The URL in effect: DATABASE_URL when set and valid, else the default. Throws InvalidDatabaseUrlError. */
export function databaseUrl(source: string | undefined = process.env.DATABASE_URL): string {
  return databaseTarget(source).url;
}

/** A short name of the database for messages: the SQLite file, or the PostgreSQL URL without its password. */
export function describeDatabase(target: DatabaseTarget): string {
  return target.provider === "sqlite" ? target.filePath : redactPassword(target.url);
}

/** Like sqlitePathFromUrl, and creates the file's directory so that SQLite can create the file. */
export function ensureSqlitePath(databaseUrl?: string, root?: string): string {
  const filePath = sqlitePathFromUrl(databaseUrl, root);
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  return filePath;
}
