/**
 * `npm start`: build when the sources changed since the last build, apply migrations,
 * load the demo data into an empty database, then serve the production build beside one
 * evaluation worker, restarted if it dies (scripts/supervised.ts).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { env, EnvError } from "@/lib/platform/env";
import { MigrationsLockedError } from "@/lib/platform/db/schema-engine";
import { buildIsCurrent, sourceStamp, stampFilePath } from "./build-stamp";
import { prepareDatabase } from "./prepare-database";
import { nextBin, runSupervised } from "./supervised";

const root = process.cwd();

async function main() {
  const config = env();
  process.env.NEXT_TELEMETRY_DISABLED = "1";

  if (!buildIsCurrent(root)) {
    console.log("callboard: building the production app (only when the sources changed)…");
    const build = spawnSync(nextBin, ["build"], { stdio: "inherit", env: process.env, shell: process.platform === "win32" });
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeFileSync(stampFilePath(root), sourceStamp(root));
  }

  await prepareDatabase();

  console.log(`callboard: serving http://localhost:${config.PORT}`);
  runSupervised({ command: nextBin, args: ["start", "-p", String(config.PORT)], env: process.env });
}

main().catch((error: unknown) => {
  // These say what to do; a stack trace would only bury it.
  console.error(error instanceof EnvError || error instanceof MigrationsLockedError ? error.message : error);
  process.exit(1);
});
