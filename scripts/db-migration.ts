/**
 * `npm run db:migration -- <name>`: write prisma/migrations/<timestamp>_<name>/migration.sql
 * with the SQL that schema.prisma needs beyond the existing migrations. Offline; it does not
 * touch any database (the shadow database lives in memory).
 */
import path from "node:path";
import { migrationNameSchema } from "../lib/server/db/migrations-dir";
import { createMigration, NothingToMigrateError } from "../lib/server/db/schema-engine";

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
  try {
    const created = await createMigration(name.data);
    console.log(`Created ${path.relative(process.cwd(), created.file)}`);
    console.log("Review it, then apply it with `npm run db:migrate` (the server also applies it at start-up).");
    return 0;
  } catch (error) {
    if (error instanceof NothingToMigrateError) {
      console.error(`Nothing to do: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
