/**
 * `npm start`: build when the sources changed since the last build, apply migrations,
 * load the demo data into an empty database, then serve the production build.
 */
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { env, EnvError } from "@/lib/env";
import { buildIsCurrent, sourceStamp, stampFilePath } from "./build-stamp";
import { prepareDatabase } from "./prepare-database";

const root = process.cwd();
const nextBin = "node_modules/.bin/next";

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
  const server = spawn(nextBin, ["start", "-p", String(config.PORT)], { stdio: "inherit", env: process.env, shell: process.platform === "win32" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
