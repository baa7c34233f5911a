/**
 * CPU time of a process group (the server and anything it spawned), read from /proc: Linux only,
 * else null. Split into the processes' main threads (the event loops) and their other threads
 * (the judging thread, libuv's pool, V8's compiler and collector), to tell which one is the limit.
 */
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

export interface GroupCpu {
  mainThreads: number;
  otherThreads: number;
}

/** utime + stime and the process group of one /proc/…/stat line, in ticks. */
function readStat(file: string): { group: number; ticks: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(file, "utf8");
  } catch {
    return null; // Gone meanwhile.
  }
  // The command name, in parentheses, may hold spaces: the fields that follow are counted from its end.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
  return { group: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

export function groupCpuSeconds(groupId: number | undefined): GroupCpu | null {
  if (groupId === undefined || !fs.existsSync("/proc/self/task")) return null;
  const cpu: GroupCpu = { mainThreads: 0, otherThreads: 0 };
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || readStat(`/proc/${pid}/stat`)?.group !== groupId) continue;
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const ticks = (readStat(`/proc/${pid}/task/${tid}/stat`)?.ticks ?? 0) / TICKS_PER_SECOND;
      if (tid === pid) cpu.mainThreads += ticks;
      else cpu.otherThreads += ticks;
    }
  }
  return cpu;
}

export function cpuSince(before: GroupCpu | null, after: GroupCpu | null): GroupCpu | null {
  return before && after ? { mainThreads: after.mainThreads - before.mainThreads, otherThreads: after.otherThreads - before.otherThreads } : null;
}
