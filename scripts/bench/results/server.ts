/**
 * The production server for `npm run bench:results`: scripts/start.ts (which builds only when
 * the sources changed, applies migrations, then runs `next start`) on the seeded database, in a
 * process group of its own so that stopping it stops `next start` too.
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
  /** start.ts ran `next build` first (the sources had changed since the last build). */
  built: boolean;
}

export interface ServerHandle {
  /** Resolves once `next start` answers; rejects (after stopping the server) when it exits or times out. */
  ready: Promise<ReadyServer>;
  /** SIGTERM to the whole process group, SIGKILL after 5 s; waits until the port is free. */
  stop: () => Promise<void>;
  /** Synchronous last resort for process.on("exit"): SIGKILL to the group if it still runs. */
  killNow: () => void;
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

/** The first free port from `start` on (3400+: 3100 belongs to the e2e suite). */
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

/** Whether any process of the child's group still runs (`next start` may outlive start.ts). */
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

export interface StartOptions {
  root: string;
  databaseFile: string;
  port: number;
  logFile: string;
  readyTimeoutSeconds: number;
  log: (line: string) => void;
}

/** Spawns start.ts at once; the handle can stop it even while it is still building or starting. */
export function startServer(options: StartOptions): ServerHandle {
  const { root, databaseFile, port, logFile } = options;
  const out = fs.openSync(logFile, "a");
  const started = performance.now();
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
    cwd: root,
    detached: true, // a process group of its own: `next build` and `next start` are grandchildren
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      PORT: String(port),
      CALLBOARD_WORKER: "0",
      CALLBOARD_DEMO: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  fs.closeSync(out);
  const built = () => fs.readFileSync(logFile, "utf8").includes("building the production app");

  const stop = async () => {
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
    let announced = false;
    for (;;) {
      if (exited(child)) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} before answering:\n${tail(logFile)}`);
      if (performance.now() > deadline) throw new Error(`the server did not answer within ${options.readyTimeoutSeconds} s:\n${tail(logFile)}`);
      if (!announced && built()) {
        announced = true;
        options.log("  start.ts is building the production app first (the sources changed since the last build)…");
      }
      try {
        // Any answer will do (a 404 for this path): it means `next start` is listening.
        const response = await fetch(`${url}/bench-results-ready-probe`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        return { url, port, readySeconds: (performance.now() - started) / 1000, built: built() };
      } catch {
        await sleep(250);
      }
    }
  };
  const ready = waitReady().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { ready, stop, killNow };
}
