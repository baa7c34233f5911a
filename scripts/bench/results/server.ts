/**
 * The production server for `npm run bench:results`: `next start` on the bench's own build
 * (build.ts), database and port, in a process group of its own so that stopping it stops
 * everything it started. Never scripts/start.ts: that rebuilds the project's shared `.next`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface ReadyServer {
  url: string;
  port: number;
  /** Seconds from spawn to the first HTTP answer. */
  readySeconds: number;
}

export interface ServerHandle {
  /** Resolves once `next start` answers; rejects (after stopping the server) when it exits or times out. */
  ready: Promise<ReadyServer>;
  /** Why the server is gone (exit code or signal, and the end of its log), or null while it runs. */
  gone: () => string | null;
  /** The end of the server's log. */
  logTail: (lines?: number) => string;
  /** Largest resident set size seen, in MB (sampled every 500 ms). */
  peakRssMb: () => number;
  /** SIGTERM to the whole process group, SIGKILL after 5 s; waits until the port is free. */
  stop: () => Promise<void>;
  /** Synchronous last resort for process.on("exit"): SIGKILL to the group if it still runs. */
  killNow: () => void;
  /** The spawned process (the root of the server's process tree). */
  pid: number | undefined;
}

/** Whether nothing listens on `port` (IPv4 and IPv6 loopback alike: `next start` takes both). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.once("listening", () => probe.close(() => resolve(true)));
    probe.listen(port);
  });
}

/** The first free port from `start` on (3300+: 3000 and 3100 belong to `npm start` and the e2e suite). */
export async function freePort(start: number, attempts = 50): Promise<number> {
  for (let port = start; port < start + attempts; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${start}–${start + attempts - 1}`);
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server output)";
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Whether any process of the child's group still runs. */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the child's process group: its id is the child's pid (see `detached`). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface StartOptions {
  root: string;
  /** The build to serve (build.ts). */
  buildDir: string;
  /** DATABASE_URL of the server: file:… or postgresql://…. */
  databaseUrl: string;
  port: number;
  logFile: string;
  readyTimeoutSeconds: number;
  /** Extra environment, such as the key that signs session cookies. */
  env: Record<string, string>;
}

/** Spawns `next start` at once; the handle can stop it even while it is still starting. */
export function startServer(options: StartOptions): ServerHandle {
  const { root, buildDir, databaseUrl, port, logFile } = options;
  const out = fs.openSync(logFile, "a");
  const started = performance.now();
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port)], {
    cwd: buildDir,
    detached: true, // a process group of its own
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      CALLBOARD_WORKER: "0",
      CALLBOARD_DEMO: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  fs.closeSync(out);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid))), 500);
  sampler.unref();

  const gone = () => (exited(child) ? `the server exited with ${child.exitCode ?? child.signalCode}; the end of its log:\n${tail(logFile)}` : null);
  const stop = async () => {
    clearInterval(sampler);
    if (groupAlive(child)) {
      signalGroup(child, "SIGTERM");
      for (let i = 0; i < 50 && groupAlive(child); i++) await sleep(100);
      if (groupAlive(child)) signalGroup(child, "SIGKILL");
    }
    for (let i = 0; i < 50 && !(await portIsFree(port)); i++) await sleep(100);
  };
  const killNow = () => {
    if (groupAlive(child)) signalGroup(child, "SIGKILL");
  };

  const url = `http://localhost:${port}`;
  const waitReady = async (): Promise<ReadyServer> => {
    const deadline = started + options.readyTimeoutSeconds * 1000;
    for (;;) {
      const why = gone();
      if (why) throw new Error(`${why}\n(before it answered)`);
      if (performance.now() > deadline) throw new Error(`the server did not answer within ${options.readyTimeoutSeconds} s:\n${tail(logFile)}`);
      try {
        // Any answer will do (a 404 for this path): it means `next start` is listening.
        const response = await fetch(`${url}/bench-results-ready-probe`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        return { url, port, readySeconds: (performance.now() - started) / 1000 };
      } catch {
        await sleep(250);
      }
    }
  };
  const ready = waitReady().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { ready, gone, logTail: (lines) => tail(logFile, lines), peakRssMb: () => Math.round(peak), stop, killNow, pid: child.pid };
}
