/** `npm run db:reset`: delete the database, migrate a new one and load the demo data. */
import { rmSync } from "node:fs";
import { env } from "@/lib/platform/env";
import { createPrisma } from "@/lib/platform/db/client";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { databaseTarget, describeDatabase } from "@/lib/platform/db/url";
import { loadDemo } from "@/lib/demo/server/seed";

async function main() {
  const { DATABASE_URL } = env();
  const target = databaseTarget(DATABASE_URL);
  if (target.provider === "postgresql") {
    // Dropping someone's database is not a script's call: say how, and stop.
    throw new Error(`db:reset deletes SQLite files only; on PostgreSQL drop and recreate the database (${describeDatabase(target)}) yourself, then run npm start`);
  }
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(target.filePath + suffix, { force: true });
  console.log(`callboard: deleted ${target.filePath}`);
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
