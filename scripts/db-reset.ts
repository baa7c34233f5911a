/** `npm run db:reset`: delete the database, migrate a new one and load the demo data. */
import { rmSync } from "node:fs";
import { env } from "@/lib/env";
import { createPrisma } from "@/lib/server/db/client";
import { applyMigrations } from "@/lib/server/db/schema-engine";
import { sqlitePathFromUrl } from "@/lib/server/db/url";
import { loadDemo } from "@/lib/server/demo/seed";

async function main() {
  const { DATABASE_URL } = env();
  const file = sqlitePathFromUrl(DATABASE_URL);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  console.log(`callboard: deleted ${file}`);
  await applyMigrations(DATABASE_URL);
  const prisma = createPrisma(DATABASE_URL);
  try {
    const seeded = await loadDemo(prisma);
    console.log(`callboard: loaded the demo data (${seeded.transcripts} transcripts, ${seeded.criteria} criteria)`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
