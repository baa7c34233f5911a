/**
 * The production build `npm run bench:results` serves: a snapshot of the app's sources, built in
 * a directory of its own under the system's temporary directory, never in the project's `.next`.
 *
 * Why: `npm start` (scripts/start.ts) rebuilds `.next` whenever the sources changed, and the
 * end-to-end suite and other engineers' servers run from that same `.next` on this machine. A
 * bench that built there could pull a build from under their server, theirs from under the
 * bench's, and a file edited during `next build` gave a build of no particular revision. Here,
 * the sources are read once, hashed, written to `<tmp>/callboard-bench-builds/<hash>` and built
 * there; the next run with the same sources reuses that build. A lock file lets concurrent benches
 * share one build, and a marker per serving process keeps old builds in use from being pruned.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { processAlive } from "@/lib/runs/server/worker/worker-id";

export interface BenchBuild {
  /** The snapshot: `next start` runs with this as its working directory. */
  dir: string;
  /** Hash of the snapshot's files (the name of `dir`). */
  hash: string;
  /** This run built it; false when an earlier run's build of the same sources was reused. */
  built: boolean;
  seconds: number;
}

const CACHE = path.join(os.tmpdir(), "callboard-bench-builds");
const READY = ".bench-build-ready";
const KEEP = 3;

/** What the server does not need: tests, tooling and docs. The rest of what git sees is the app. */
const SKIPPED_DIRS = new Set([".ci", "bin", "docs", "e2e", "scripts", "test-results"]);
const SKIPPED_ROOT_FILES = new Set([".gitignore", "README.md", "eslint.config.mjs", "package-lock.json", "playwright.config.ts", "prisma.config.ts", "vitest.config.ts"]);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
/** Generated, so ignored by git, yet imported by the app. */
const GENERATED = "lib/generated";

function appFiles(root: string): string[] {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr || listed.error?.message}`);
  const generated: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) generated.push(rel);
    }
  };
  if (fs.existsSync(path.join(root, GENERATED))) walk(GENERATED);
  const files = new Set([...listed.stdout.split("\0").filter(Boolean), ...generated]);
  return [...files]
    .filter((file) => {
      const [top] = file.split("/");
      if (SKIPPED_DIRS.has(top) || TEST_FILE.test(file)) return false;
      if (!file.includes("/") && SKIPPED_ROOT_FILES.has(file)) return false;
      // Tracked but deleted in the working tree.
      return fs.existsSync(path.join(root, file));
    })
    .sort();
}

/** The longest directory holding both paths: Turbopack compiles nothing outside its root. */
function commonAncestor(a: string, b: string): string {
  const left = path.resolve(a).split(path.sep);
  const right = path.resolve(b).split(path.sep);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return left.slice(0, i).join(path.sep) || path.sep;
}

/**
 * The project's next.config.ts, renamed, under a wrapper that widens Turbopack's root to take in
 * the project's node_modules (linked, not copied).
 */
function configWrapper(turbopackRoot: string): string {
  // Next compiles this file without type checks; the project's config may be an object or a function.
  return `import base from "./next.config.project";

const root = ${JSON.stringify(turbopackRoot)};
const widen = (config) => ({ ...config, turbopack: { ...config.turbopack, root } });

export default typeof base === "function" ? async (...args) => widen(await base(...args)) : widen(base);
`;
}

const readPid = (file: string) => Number(fs.readFileSync(file, "utf8").trim());

/** Marks `dir` as served by this process, so that no other bench prunes it meanwhile. */
export function markInUse(dir: string): () => void {
  const marker = path.join(dir, `.in-use-${process.pid}`);
  fs.writeFileSync(marker, String(process.pid));
  return () => fs.rmSync(marker, { force: true });
}

function inUse(dir: string): boolean {
  const markers = fs.readdirSync(dir).filter((name) => name.startsWith(".in-use-"));
  return markers.some((name) => processAlive(Number(name.slice(".in-use-".length))));
}

/** Keeps the KEEP builds used last, and any a live process serves or builds. */
function prune(current: string, log: (line: string) => void): void {
  const entries = fs
    .readdirSync(CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && path.join(CACHE, entry.name) !== current)
    .map((entry) => ({ dir: path.join(CACHE, entry.name), used: fs.statSync(path.join(CACHE, entry.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { dir } of entries.slice(KEEP - 1)) {
    const lock = `${dir}.lock`;
    if (inUse(dir) || (fs.existsSync(lock) && processAlive(readPid(lock)))) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(lock, { force: true });
    log(`  removed an old bench build, ${path.basename(dir)}`);
  }
}

function runBuild(dir: string, root: string, logFile: string, timeoutMs: number): Promise<void> {
  const out = fs.openSync(logFile, "a");
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: dir,
    stdio: ["ignore", out, out],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  fs.closeSync(out);
  const stop = () => child.kill("SIGTERM");
  process.once("exit", stop);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`next build took more than ${timeoutMs / 1000} s (log: ${logFile})`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      process.removeListener("exit", stop);
      if (code === 0) resolve();
      else reject(new Error(`next build failed (${signal ?? `exit ${code}`}); the end of ${logFile}:\n${fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-30).join("\n")}`));
    });
  });
}

/**
 * A build of the sources as they are now: reused when one of the same sources exists, else
 * built (and waited for when another bench is building the same sources).
 */
export async function benchBuild(root: string, options: { timeoutSeconds: number; log: (line: string) => void }): Promise<BenchBuild> {
  const started = performance.now();
  const files = appFiles(root);
  // Each file is read once: the hash and the snapshot are of the same bytes, whatever is edited meanwhile.
  const contents = new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file))]));
  const hash = createHash("sha256");
  for (const [file, content] of contents) hash.update(file).update("\0").update(content).update("\0");
  const id = hash.digest("hex").slice(0, 16);
  fs.mkdirSync(CACHE, { recursive: true });
  const dir = path.join(CACHE, id);
  const lock = `${dir}.lock`;
  const deadline = started + options.timeoutSeconds * 1000;

  for (;;) {
    if (fs.existsSync(path.join(dir, READY))) {
      const now = new Date();
      fs.utimesSync(dir, now, now);
      prune(dir, options.log);
      return { dir, hash: id, built: false, seconds: (performance.now() - started) / 1000 };
    }
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Another bench builds these sources: wait for it, or take over from a dead one.
      if (!processAlive(readPid(lock))) fs.rmSync(lock, { force: true });
      else if (performance.now() > deadline) throw new Error(`another bench (pid ${readPid(lock)}) is still building ${dir}`);
      else await sleep(1000);
      continue;
    }
    try {
      options.log(`  building the app's sources (${files.length} files, ${id}) in ${dir} …`);
      fs.rmSync(dir, { recursive: true, force: true });
      for (const [file, content] of contents) {
        const target = path.join(dir, file === "next.config.ts" ? "next.config.project.ts" : file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, content);
      }
      fs.writeFileSync(path.join(dir, "next.config.ts"), configWrapper(commonAncestor(dir, root)));
      fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
      await runBuild(dir, root, path.join(dir, "build.log"), Math.max(1000, deadline - performance.now()));
      fs.writeFileSync(path.join(dir, READY), new Date().toISOString());
      prune(dir, options.log);
      return { dir, hash: id, built: true, seconds: (performance.now() - started) / 1000 };
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}
