/**
 * Judging threads a worker starts for the built-in checks when CALLBOARD_WORKER_THREADS is unset.
 * With a second core, one thread judges while the main thread claims, loads and writes: the
 * main thread is the bottleneck (about a third of the judge's own rate), so one thread keeps up
 * with it and more would only compete with the web server and other workers for cores. Measured
 * by bench:runs on 2 cores, 120,000 evaluations: 2,969/s without a thread, 3,165/s with one,
 * probes unchanged (p95 131 and 128 ms). On one core a thread only adds hand-offs.
 */
export function defaultJudgeThreads(cores: number): number {
  return cores > 1 ? 1 : 0;
}
