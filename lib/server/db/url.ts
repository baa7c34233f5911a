import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

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

/** The URL in effect: DATABASE_URL when set and valid, else the default. Throws InvalidDatabaseUrlError. */
export function databaseUrl(source: string | undefined = process.env.DATABASE_URL): string {
  sqlitePathFromUrl(source);
  return source?.trim() || DEFAULT_DATABASE_URL;
}

/** Like sqlitePathFromUrl, and creates the file's directory so that SQLite can create the file. */
export function ensureSqlitePath(databaseUrl?: string, root?: string): string {
  const filePath = sqlitePathFromUrl(databaseUrl, root);
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  return filePath;
}
