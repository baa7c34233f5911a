/**
 * `npm run db:migrate`: apply pending migrations to the database DATABASE_URL names (default
 * data/callboard.db): prisma/migrations on SQLite, prisma/migrations-postgresql on PostgreSQL.
 * The server does the same at start-up.
 */
import { applyMigrations } from "../lib/platform/db/schema-engine";
import { databaseTarget, describeDatabase } from "../lib/platform/db/url";

async function main(): Promise<void> {
  const database = describeDatabase(databaseTarget());
  const started = performance.now();
  const applied = await applyMigrations();
  for (const name of applied) console.log(`Applied migration ${name}`);
  const elapsed = `${Math.round(performance.now() - started)} ms`;
  console.log(
    applied.length === 0
      ? `${database} is up to date; no pending migrations (${elapsed})`
      : `${database}: ${applied.length} migration(s) applied (${elapsed})`,
  );
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
