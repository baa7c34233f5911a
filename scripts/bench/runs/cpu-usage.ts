import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * CPU time of a bench's processes by role, sampled from /proc (Linux only; elsewhere nothing is
 * reported): the web server, the workers (each with its children) and the database server
 * (processes named postgres). It tells whether a run was bound by the machine's cores or by one
 * process: on 2 cores, a second worker can add only what the first run left idle.
 *
 * A process counts its own time and, through cutime, that of the children it reaped (a
 * PostgreSQL backend that ended, a worker's threads are its own time already). A process that
 * ends between two samples loses what it used since the last one, unless a tracked parent reaped
 * it; kill -9 of a worker loses at most one interval.
 */
export type CpuRole = "web" | "workers" | "database";

interface ProcessTicks {
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

function readProcesses(): Map<number, ProcessTicks> {
  const processes = new Map<number, ProcessTicks>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we listed
    }
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // Fields after the name, from 0: state, ppid, …, utime (11), stime, cutime, cstime (14).
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    processes.set(Number(entry), { ppid: Number(fields[1]), comm, ticks });
  }
  return processes;
}

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

export interface CpuUsage {
  /** CPU seconds per role over the sampled span. */
  seconds: Record<CpuRole, number>;
  /** This bench process itself (probes, polling). */
  benchSeconds: number;
  wallSeconds: number;
}

export interface CpuSampler {
  sample: () => void;
  stop: () => CpuUsage | null;
}

/**
 * Starts sampling every `intervalMs`. `roots` names the processes whose trees belong to the web
 * server and the workers at the moment of each sample (a restarted worker is a new root).
 */
export function sampleCpu(roots: () => { web: readonly (number | undefined)[]; workers: readonly (number | undefined)[] }, intervalMs = 1000): CpuSampler {
  if (!fs.existsSync("/proc/self/stat")) return { sample: () => undefined, stop: () => null };
  const perSecond = clockTicksPerSecond();
  const baseline = readProcesses();
  const benchStart = process.cpuUsage();
  const startedAt = performance.now();
  // Last seen ticks and role of every process seen during the run.
  const seen = new Map<number, { role: CpuRole; ticks: number; ppid: number }>();

  const roleOf = (pid: number, processes: Map<number, ProcessTicks>, rootRoles: Map<number, CpuRole>): CpuRole | null => {
    for (let at: number | undefined = pid, depth = 0; at !== undefined && at > 1 && depth < 64; depth++) {
      const role = rootRoles.get(at);
      if (role) return role;
      const proc = processes.get(at);
      if (!proc) return null;
      if (proc.comm === "postgres") return "database";
      at = proc.ppid;
    }
    return null;
  };

  const sample = () => {
    const processes = readProcesses();
    const current = roots();
    const rootRoles = new Map<number, CpuRole>();
    for (const pid of current.web) if (pid !== undefined) rootRoles.set(pid, "web");
    for (const pid of current.workers) if (pid !== undefined) rootRoles.set(pid, "workers");
    for (const [pid, proc] of processes) {
      const role = roleOf(pid, processes, rootRoles);
      if (role) seen.set(pid, { role, ticks: proc.ticks - (baseline.get(pid)?.ticks ?? 0), ppid: proc.ppid });
    }
    // A process that ended and was reaped by a tracked parent is in the parent's cutime now.
    for (const [pid, entry] of seen) if (!processes.has(pid) && seen.has(entry.ppid) && processes.has(entry.ppid)) seen.delete(pid);
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();

  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      const seconds: Record<CpuRole, number> = { web: 0, workers: 0, database: 0 };
      for (const entry of seen.values()) seconds[entry.role] += Math.max(0, entry.ticks) / perSecond;
      const bench = process.cpuUsage(benchStart);
      return { seconds, benchSeconds: (bench.user + bench.system) / 1e6, wallSeconds: (performance.now() - startedAt) / 1000 };
    },
  };
}
