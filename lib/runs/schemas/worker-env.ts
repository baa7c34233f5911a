import { z } from "zod";

const positiveInt = (max: number) => z.coerce.number().int().positive().max(max);

/** Settings of the evaluation worker processes (lib/platform/env.ts reads them with the others). */
export const workerEnv = {
  /** "0": `npm start` and `npm run dev` start no worker (they run elsewhere, `npm run worker`). */
  CALLBOARD_WORKER: z.enum(["0", "1"], { message: 'must be "0" (no worker beside the web server) or "1"' }).default("1"),
  /** How often an idle worker looks for new work, in milliseconds. */
  CALLBOARD_WORKER_POLL_MS: positiveInt(60_000).default(1000),
  /** Evaluations a worker claims, judges and writes per transaction. */
  CALLBOARD_WORKER_BATCH: positiveInt(10_000).default(1000),
  /**
   * Threads that run the built-in checks judge beside the worker's main thread (which then only
   * claims, loads and writes). 0: the main thread judges. Unset: one thread on SQLite when the machine
   * has a second core, none on PostgreSQL (lib/runs/server/worker/judge-threads.ts).
   */
  CALLBOARD_WORKER_THREADS: z.coerce.number().int().min(0, { message: "must be 0-64" }).max(64, { message: "must be 0-64" }).optional(),
  /**
   * The worker process's niceness (0-19, as `nice`): above the web server's 0 by default, so that
   * on a small machine pages are served first and judging takes the CPU that is left.
   */
  CALLBOARD_WORKER_NICE: z.coerce.number().int().min(0, { message: "must be 0-19" }).max(19, { message: "must be 0-19" }).default(10),
};
