/** CPU time of a process group (the server and anything it spawned), read from /proc: Linux only, else null. */
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

export function groupCpuSeconds(groupId: number | undefined): number | null {
  if (groupId === undefined || !fs.existsSync("/proc/self/stat")) return null;
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // Gone meanwhile.
    }
    // The command name, in parentheses, may hold spaces: the fields that follow are counted from its end.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
