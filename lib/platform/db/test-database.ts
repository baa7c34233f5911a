import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "./client";
import { createPgDatabase, dropPgDatabase } from "./pg-test-server";
import { applyMigrations } from "./schema-engine";
import { testDatabaseMode } from "./test-database-mode";

export interface TestDatabase {
  prisma: PrismaClient;
  /** The DATABASE_URL of this database, for child processes. */
  url: string;
  /** A temporary folder of the test's own (holding the SQLite file on SQLite). */
  dir: string;
  cleanup: () => Promise<void>;
}

/**
 * A real, migrated database for integration tests: a SQLite file in a temporary folder, or with
 * CALLBOARD_TEST_DATABASE=postgresql (`npm run test:pg`) a fresh PostgreSQL database, each copied
 * from the template that vitest's global setup migrated (test-global-setup.ts). With `from`, a copy
 * of another test database (its URL) instead: one that global setup filled once for many files.
 */
export async function createTestDatabase(label = "test", from?: string): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `callboard-${label}-`));
  const mode = testDatabaseMode();
  if (mode.provider === "postgresql") {
    const template = from ? decodeURIComponent(new URL(from).pathname.slice(1)) : mode.template;
    const url = await createPgDatabase(mode.serverUrl, label, template);
    const prisma = createPrisma(url);
    return {
      prisma,
      url,
      dir,
      cleanup: async () => {
        await prisma.$disconnect();
        await dropPgDatabase(mode.serverUrl, url);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = `file:${path.join(dir, "test.db")}`;
  // A SQLite database whose last connection closed is its file alone (the WAL was checkpointed into it).
  const source = from ? from.slice("file:".length) : mode.template;
  if (source) fs.copyFileSync(source, url.slice("file:".length));
  else await applyMigrations(url);
  const prisma = createPrisma(url);
  return {
    prisma,
    url,
    dir,
    cleanup: async () => {
      await prisma.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
