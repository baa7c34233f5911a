import { setTimeout as sleep } from "node:timers/promises";

const QUIET_INTERVAL_MS = 20;
// Under a millisecond of CPU in an interval: only the timer itself ran.
const QUIET_CPU_MICROSECONDS = 1000;
const MAX_WAIT_MS = 2000;

/**
 * Waits until the process is idle before a measurement starts. Right after the transcripts are
 * imported, V8 is still compiling the importer's hot functions and sweeping its garbage on
 * background threads: that CPU belongs to reading the file, not to judging, yet the process
 * clock would count it. Gives up after two seconds on a machine too busy to tell.
 */
export async function settle(): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  while (Date.now() < deadline) {
    const before = process.cpuUsage();
    await sleep(QUIET_INTERVAL_MS);
    const used = process.cpuUsage(before);
    if (used.user + used.system < QUIET_CPU_MICROSECONDS) return;
  }
}

/**
 * Times `work` by wall clock and by this process's CPU time: every thread, so what V8 spends
 * beside the JavaScript thread (optimising compiler, garbage collector) on the work's behalf
 * counts too, as it would on a single core.
 */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; cpuSeconds: number }> {
  const cpuStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  const value = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  return { value, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
