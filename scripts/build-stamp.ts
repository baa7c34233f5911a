import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What a production build depends on: a change to any of these calls for a new `next build`. */
const INPUTS = ["app", "components", "lib", "public", "prisma/schema.prisma", "proxy.ts", "instrumentation.ts", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
const SKIP = new Set(["generated", "node_modules"]);

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (SKIP.has(name) || name.endsWith(".test.ts")) continue;
    yield* files(path.join(entry, name));
  }
}

export function sourceStamp(root: string): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

const stampFile = (root: string) => path.join(root, ".next", "callboard-build-stamp");

export function buildIsCurrent(root: string): boolean {
  const file = stampFile(root);
  return existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(file) && readFileSync(file, "utf8") === sourceStamp(root);
}

/** `next build` unless the last build is of these sources; the build's exit code (0 when none was needed). */
export function buildWhenStale(root: string): number {
  if (buildIsCurrent(root)) return 0;
  console.log("callboard: building the production app (only when the sources changed)…");
  const stamp = sourceStamp(root);
  const build = spawnSync(path.join("node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, shell: process.platform === "win32" });
  if (build.status !== 0) return build.status ?? 1;
  writeFileSync(stampFile(root), stamp);
  return 0;
}
