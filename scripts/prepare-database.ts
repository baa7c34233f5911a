/** Migrations, then the demo data into an empty database: what `npm start` and `npm run dev` need first. */
import { env } from "@/lib/env";
import { createPrisma } from "@/lib/server/db/client";
import { applyMigrations } from "@/lib/server/db/schema-engine";
import { seedDemoIfEmpty } from "@/lib/server/demo/seed";

export async function prepareDatabase(): Promise<void> {
  const config = env();
  const applied = await applyMigrations(config.DATABASE_URL);
  if (applied.length > 0) console.log(`callboard: applied ${applied.length} migration(s): ${applied.join(", ")}`);
  if (config.CALLBOARD_DEMO !== "1") return;
  const prisma = createPrisma(config.DATABASE_URL);
  try {
    const seeded = await seedDemoIfEmpty(prisma);
    if (seeded) console.log(`callboard: loaded the demo data (${seeded.transcripts} transcripts, ${seeded.criteria} criteria)`);
  } finally {
    await prisma.$disconnect();
  }
}
