import type { DatabaseProvider } from "@/lib/platform/db/provider-schema";

/**
 * Judging threads that work beside the worker's main thread when CALLBOARD_WORKER_THREADS is unset.
 * 0 means no overlap: one thread still judges (the main thread never judges, so that one call can
 * never stall it), while the main thread waits for it as it used to wait for its own judging.
 * On SQLite with a second core, one thread judges while the main thread claims, loads and writes:
 * the main thread is the bottleneck (about a third of the judge's own rate), so one thread keeps up
 * with it and more would only compete with the web server for cores. bench:runs on 2 cores,
 * 120,000 evaluations: 2,969/s without a thread, 3,165/s with one, probe p95 131 / 128 ms.
 * On PostgreSQL the database's own processes need that core: with a thread one worker judged
 * 1,764/s instead of 1,566/s (300,000 evaluations), but pages waited (probe p95 1,156 ms instead of
 * 275), so no overlap unless asked for (a database on another machine leaves the core free).
 * On one core a thread only adds hand-offs.
 */
export function defaultJudgeThreads(cores: number, database: DatabaseProvider): number {
  return cores > 1 && database === "sqlite" ? 1 : 0;
}
