/**
 * `npm run db:migration -- <name>`: write prisma/migrations/<timestamp>_<name>/migration.sql
 * (SQLite) and prisma/migrations-postgresql/<timestamp>_<name>/migration.sql (PostgreSQL) with
 * the SQL that schema.prisma needs beyond the existing migrations. It touches no database of
 * yours: SQLite's shadow database lives in memory, PostgreSQL's in a throwaway cluster
 * (scripts/pg-cluster.ts, needs Debian's postgresql package).
 */
import path from "node:path";
import { migrationNameSchema } from "../lib/platform/db/migrations-dir";
import { startPgCluster, stopPgCluster } from "../lib/platform/db/pg-cluster";
import { createMigration, NothingToMigrateError } from "../lib/platform/db/schema-engine";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const name = migrationNameSchema.safeParse(args[0]);
  if (args.length !== 1 || !name.success) {
    const reason =
      args.length !== 1 || name.success
        ? `expected exactly one name, got ${args.length}`
        : `${JSON.stringify(args[0])}: ${name.error.issues.map((issue) => issue.message).join("; ")}`;
    console.error(`usage: npm run db:migration -- <name>   (${reason})`);
    return 2;
  }
  // Started first: without PostgreSQL, nothing is written and the two histories stay paired.
  const cluster = await startPgCluster();
  try {
    const now = new Date();
    const created = await createMigration(name.data, { now });
    const createdPg = await createMigration(name.data, { now, provider: "postgresql", shadowDatabaseUrl: cluster.url });
    for (const file of [created.file, createdPg.file]) console.log(`Created ${path.relative(process.cwd(), file)}`);
    console.log("Review them, then apply with `npm run db:migrate` (the server also applies them at start-up).");
    return 0;
  } catch (error) {
    if (error instanceof NothingToMigrateError) {
      console.error(`Nothing to do: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    stopPgCluster(cluster.dir);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
