/** The process groups of `npm start` and `npm run dev`: the web server plus, unless CALLBOARD_WORKER=0, one worker. */
import { env } from "@/lib/platform/env";
import { supervise, type ChildSpec } from "@/lib/platform/process/supervise";

/**
 * - A larger young generation for the worker: each result allocates short-lived objects (views,
 *   findings, statement parameters), and with V8's default semi-space the scavenger ran so often
 *   that it was 11% of the worker's CPU profile. With 64 MB: 21.2-23.4 s of worker CPU for 30,000
 *   evaluations against 25.2-27.1 s.
 * - No inlining in V8's optimising compiler: a new worker spends about half of its first pass's
 *   CPU compiling the judge's many mid-sized functions, and inlining them into each other makes
 *   every compilation larger without making the compiled judge faster. Measured in 18 alternating
 *   pairs (bench:judge on bfcl-dev): the first pass faster in 15 (median of the ratios 1.13), the
 *   steady state faster in 11 (1.035); the worker alone (worker-only.ts, 120,000 evaluations on
 *   SQLite) used 1-8% less CPU in 4 of 4 pairs.
 */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=64", "--no-turbo-inlining"];

// `node --import tsx` runs the worker in the process we spawn (the tsx CLI would put a parent in
// between, and a worker whose parent was killed would live on unsupervised).
export function workerSpec(): ChildSpec {
  return { name: "worker", command: process.execPath, args: [...WORKER_NODE_FLAGS, "--import", "tsx", "scripts/worker.ts"], restart: true, env: process.env };
}

/** Runs `web` (and a worker) until one of them ends the group or a signal arrives, then exits with the group's code. */
export function runSupervised(web: Omit<ChildSpec, "name" | "restart">): void {
  const specs: ChildSpec[] = [{ name: "web server", restart: false, ...web }];
  if (env().CALLBOARD_WORKER === "1") specs.push(workerSpec());
  else console.log("callboard: CALLBOARD_WORKER=0, so no worker here: start them with `npm run worker`");
  const group = supervise(specs);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void group.stop(signal));
  void group.done.then((code) => process.exit(code));
}

export const nextBin = "node_modules/.bin/next";
