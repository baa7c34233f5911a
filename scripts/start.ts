/**
 * `npm start`: build when the sources changed since the last build, apply migrations,
 * load the demo data into an empty database, then serve the production build beside one
 * evaluation worker, restarted if it dies (scripts/supervised.ts).
 */
import { env, EnvError } from "@/lib/platform/env";
import { MigrationsLockedError } from "@/lib/platform/db/schema-engine";
import { buildWhenStale } from "./build-stamp";
import { prepareDatabase } from "./prepare-database";
import { nextBin, runSupervised } from "./supervised";

const root = process.cwd();

async function main() {
  const config = env();
  process.env.NEXT_TELEMETRY_DISABLED = "1";

  const built = buildWhenStale(root);
  if (built !== 0) process.exit(built);

  await prepareDatabase();

  console.log(`callboard: serving http://localhost:${config.PORT}`);
  runSupervised({ command: nextBin, args: ["start", "-p", String(config.PORT)], env: process.env });
}

main().catch((error: unknown) => {
  // These say what to do; a stack trace would only bury it.
  console.error(error instanceof EnvError || error instanceof MigrationsLockedError ? error.message : error);
  process.exit(1);
});
