/** The worker processes and the probed pages of `npm run bench:runs`, shared with scripts/bench/first-request.ts. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { workerSpec } from "../../supervised";
import { benchBuild, type BenchBuild } from "../results/build";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A worker as `npm start` spawns it (`node --import tsx`: the worker is the process spawned, so SIGKILL reaches it). */
export function startWorker(databaseUrl: string, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, "a");
  const spec = workerSpec();
  const child = spawn(spec.command, spec.args, {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: { ...process.env, DATABASE_URL: databaseUrl, CALLBOARD_WORKER_POLL_MS: "100", CALLBOARD_DEMO: "0" },
  });
  fs.closeSync(out);
  return child;
}

export async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** What the probes request while a run is judged: its page, its progress API and the runs list. */
export function probeTargets(runId: string): string[] {
  return [`/runs/${runId}`, `/api/runs/${runId}/progress`, "/runs"];
}

/**
 * The build the web server serves: BENCH_RUNS_BUILD (an earlier build, while only worker or
 * bench code changes) or a build of the working tree's sources (scripts/bench/results/build.ts).
 */
export async function servedBuild(log: (line: string) => void): Promise<{ dir: string; built: boolean; reused: boolean }> {
  const reused = process.env.BENCH_RUNS_BUILD;
  if (reused && !fs.existsSync(path.join(reused, ".next"))) throw new Error(`BENCH_RUNS_BUILD=${reused} holds no build (.next)`);
  if (reused) return { dir: reused, built: false, reused: true };
  const build: BenchBuild = await benchBuild(ROOT, { timeoutSeconds: 900, log });
  return { dir: build.dir, built: build.built, reused: false };
}
