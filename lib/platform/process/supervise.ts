import { spawn, type ChildProcess } from "node:child_process";

export interface ChildSpec {
  /** Shown in the supervisor's log lines. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * true: restarted with back-off whenever it exits (a worker). false: its exit ends the whole
   * group with its exit code (the web server: without it there is nothing to serve).
   */
  restart: boolean;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
  /** A child that stayed up this long starts again from initialMs after its next exit. */
  resetAfterMs: number;
}

export interface SupervisorOptions {
  backoff?: Partial<Backoff>;
  /** How long children get to stop after SIGTERM before they are killed. */
  graceMs?: number;
  log?: (line: string) => void;
  /** Called with each started child (tests count restarts through it). */
  onStart?: (name: string, child: ChildProcess) => void;
}

export interface Supervisor {
  /** Resolves with the exit code the group should end with. */
  done: Promise<number>;
  /** Sends `signal` to every child, waits for them (killing the slow ones after graceMs) and resolves `done` with 0. */
  stop(signal?: NodeJS.Signals): Promise<number>;
}

const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

/** The wait before the next start: doubled per quick failure, capped. */
export function nextDelay(previousMs: number | null, ranMs: number, backoff: Backoff): number {
  if (previousMs === null || ranMs >= backoff.resetAfterMs) return backoff.initialMs;
  return Math.min(backoff.maxMs, previousMs * 2);
}

/**
 * Runs the children side by side: restartable ones come back after a crash (with back-off so a
 * child that fails at once does not spin), and the exit of a non-restartable one, or stop(),
 * takes the whole group down. Children inherit stdout and stderr.
 */
export function supervise(specs: readonly ChildSpec[], options: SupervisorOptions = {}): Supervisor {
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const graceMs = options.graceMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const running = new Map<string, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const start = (spec: ChildSpec, delayMs: number | null) => {
    if (stopping) return;
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, { stdio: "inherit", env: spec.env ?? process.env, shell: process.platform === "win32" });
    running.set(spec.name, child);
    options.onStart?.(spec.name, child);
    child.on("error", (error) => log(`callboard: ${spec.name} could not start: ${error.message}`));
    child.on("exit", (code, signal) => {
      if (running.get(spec.name) === child) running.delete(spec.name);
      if (stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (!spec.restart) {
        log(`callboard: ${spec.name} ${how}; stopping`);
        void shutdown("SIGTERM", code ?? 1);
        return;
      }
      const delay = nextDelay(delayMs, Date.now() - startedAt, backoff);
      log(`callboard: ${spec.name} ${how}; restarting in ${delay} ms`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        start(spec, delay);
      }, delay);
      timers.add(timer);
    });
  };

  const shutdown = async (signal: NodeJS.Signals, code: number): Promise<number> => {
    if (!stopping) {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const exits = [...running.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
            child.once("exit", () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill(signal);
          }),
      );
      await Promise.all(exits);
      resolveDone(code);
    }
    return done;
  };

  for (const spec of specs) start(spec, null);
  return { done, stop: (signal = "SIGTERM") => shutdown(signal, 0) };
}
