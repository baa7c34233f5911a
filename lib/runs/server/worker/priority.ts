import fs from "node:fs";
import os from "node:os";

/**
 * Lowers the whole process's CPU priority to `niceness`. On Linux a niceness belongs to a thread:
 * `os.setPriority` changes only the calling one (and the threads it starts later), while the
 * threads Node started before it (V8's garbage collection and compiler helpers, libuv's pool)
 * kept competing with the web server at its own priority. So every thread listed in
 * /proc/self/task is lowered too. Returns how many threads were lowered; raising a priority
 * again would need privileges, so a failure is left to the caller to report.
 */
export function lowerProcessPriority(niceness: number): number {
  os.setPriority(niceness);
  let tids: string[];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    // Not Linux: the call above set the process's priority.
    return 1;
  }
  let lowered = 0;
  for (const tid of tids) {
    try {
      os.setPriority(Number(tid), niceness);
      lowered++;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return lowered;
}
