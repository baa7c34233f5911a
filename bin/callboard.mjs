#!/usr/bin/env node
// Runs scripts/callboard.ts with the project's own tsx, so `npx callboard` needs no build step.
// The TypeScript config is named explicitly: tsx would otherwise look for it in the caller's
// directory, and the `@/` imports would not resolve from anywhere else.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx")).href;
const script = path.join(root, "scripts", "callboard.ts");

const child = spawn(process.execPath, ["--import", tsx, script, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? path.join(root, "tsconfig.json") },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
