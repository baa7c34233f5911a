import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "./db/client";
import { applyMigrations } from "./db/schema-engine";

/** A real, migrated SQLite file in a temporary folder, for integration tests. */
export async function createTestDatabase(label = "test"): Promise<{ prisma: PrismaClient; url: string; dir: string; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `callboard-${label}-`));
  const url = `file:${path.join(dir, "test.db")}`;
  await applyMigrations(url);
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
