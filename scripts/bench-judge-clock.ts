import { readFileSync } from "node:fs";
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
 * CPU seconds of the JavaScript thread alone (Linux, where the main thread's id is the
 * process id), or null where that cannot be read. V8's compiler and garbage collector run
 * beside it on other threads.
 */
function javaScriptThreadSeconds(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

export interface Timing<T> {
  value: T;
  seconds: number;
  /** This process's CPU time, all threads. */
  cpuSeconds: number;
  /** The JavaScript thread's share of it, when the platform tells. */
  threadSeconds: number | null;
}

/**
 * Times `work` by wall clock and by this process's CPU time: every thread, so what V8 spends
 * beside the JavaScript thread (optimising compiler, garbage collector) on the work's behalf
 * counts too, as it would on a single core.
 */
export async function timed<T>(work: () => Promise<T>): Promise<Timing<T>> {
  const threadStart = javaScriptThreadSeconds();
  const cpuStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  const value = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const threadEnd = javaScriptThreadSeconds();
  return {
    value,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    threadSeconds: threadStart === null || threadEnd === null ? null : threadEnd - threadStart,
  };
}
