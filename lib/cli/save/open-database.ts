import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "@/lib/platform/db/client";
import { migrationPaths } from "@/lib/platform/db/migrations-dir";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { databaseTarget, describeDatabase } from "@/lib/platform/db/url";

export interface OpenedDatabase {
  prisma: PrismaClient;
  /** The SQLite file, absolute, or the PostgreSQL URL without its password: for messages. */
  path: string;
}

/**
 * The database DATABASE_URL names, migrated. A relative path is taken from the project root (as
 * prisma.config.ts and the server take it), not from wherever the command was typed, so that
 * `callboard eval --save` and the dashboard use the same file. PostgreSQL URLs are used as given.
 */
export async function openDatabase(databaseUrl: string | undefined, projectRoot: string): Promise<OpenedDatabase> {
  const target = databaseTarget(databaseUrl, projectRoot);
  const url = target.provider === "sqlite" ? `file:${target.filePath}` : target.url;
  await applyMigrations(url, migrationPaths({}, projectRoot, target.provider));
  return { prisma: createPrisma(url), path: describeDatabase(target) };
}
