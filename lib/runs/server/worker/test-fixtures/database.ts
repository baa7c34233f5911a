import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPrisma } from "@/lib/platform/db/client";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import type { TestDatabase } from "@/lib/platform/db/test-database";
import { seedDemo } from "@/lib/demo/server/seed";

export type { TestDatabase } from "@/lib/platform/db/test-database";

/**
 * A migrated SQLite file holding the demo transcripts and criteria. Migrating and seeding take
 * seconds, so a test file builds one template and gives each test a copy of it.
 */
export async function createDemoTemplate(prefix = "callboard-runs-"): Promise<{ file: string; cleanup(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, "template.db");
  await applyMigrations(`file:${file}`);
  const prisma = createPrisma(`file:${file}`);
  await seedDemo(prisma);
  // Closing the last connection checkpoints the WAL into the file, so the file alone is a full copy.
  await prisma.$disconnect();
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A private copy of the template for one test, in the template's folder (`dir`), which the template's cleanup removes. */
export function copyDatabase(templateFile: string, name: string): TestDatabase {
  const file = path.join(path.dirname(templateFile), `${name}.db`);
  fs.copyFileSync(templateFile, file);
  const url = `file:${file}`;
  const prisma = createPrisma(url);
  return {
    url,
    dir: path.dirname(file),
    prisma,
    async cleanup() {
      await prisma.$disconnect();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}
