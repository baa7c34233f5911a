import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "@/lib/server/db/client";
import { migrationPaths } from "@/lib/server/db/migrations-dir";
import { applyMigrations } from "@/lib/server/db/schema-engine";
import { sqlitePathFromUrl } from "@/lib/server/db/url";

export interface OpenedDatabase {
  prisma: PrismaClient;
  /** The SQLite file, absolute. */
  path: string;
}

/**
 * The database DATABASE_URL names, migrated. A relative path is taken from the project root (as
 * prisma.config.ts and the server take it), not from wherever the command was typed, so that
 * `callboard eval --save` and the dashboard use the same file.
 */
export async function openDatabase(databaseUrl: string | undefined, projectRoot: string): Promise<OpenedDatabase> {
  const path = sqlitePathFromUrl(databaseUrl, projectRoot);
  const url = `file:${path}`;
  await applyMigrations(url, migrationPaths({}, projectRoot));
  return { prisma: createPrisma(url), path };
}
