/**
 * `npm run bench:guardrail`: the evaluation API as a live check (issue 35), on the production server.
 *
 *   npm run bench:guardrail -- [--seconds 10] [--warmup 5] [--concurrency 8] [--port 3300] [--endpoints reward,binary] [--monitor] [--cpu-prof DIR] [--keep]
 *
 * 1. Builds the app's sources as they are now in a directory of its own (scripts/bench/results/
 *    build.ts; BENCH_RUNS_BUILD reuses an earlier build), never the project's `.next`.
 * 2. A fresh, migrated SQLite database with one reviewer and an API token.
 * 3. The production server as `npm start` serves it (no worker, no demo) on the first free port from --port.
 * 4. For each endpoint, `POST /api/v1/evals/<endpoint>` with the Composo SDK's request bodies
 *    (scripts/bench/guardrail/bodies.ts) and its one header, `API-Key: <token>`, from --concurrency
 *    loops over keep-alive connections: --warmup seconds untimed for every endpoint first (a new
 *    server's judging thread needs a few thousand requests before V8 has compiled its code), then
 *    --seconds timed for each. Prints
 *    requests per second, p50, p95, p99 and max latency, errors (any answer but a 200 whose body
 *    holds the verdict), and the CPU seconds of the server and of this load generator per request.
 * Targets (on 2 cores, the load generator on the same machine): 1,000 requests/s and p99 ≤ 25 ms
 * on each endpoint, no error. Exits 1 when a request errored, 3 when a target is missed.
 * --cpu-prof DIR writes the server's V8 CPU profile there (scripts/bench/cpu-profile-hook.mjs).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApiToken } from "@/lib/accounts/server/manage-api-tokens";
import { createMonitorSchema } from "@/lib/monitors/schemas/monitor";
import { createMonitor } from "@/lib/monitors/server/save-monitor";
import { createPrisma } from "@/lib/platform/db/client";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { markInUse } from "./bench/results/build";
import { freePort, startServer, type ServerHandle } from "./bench/results/server";
import { servedBuild } from "./bench/runs/processes";
import { requestBodies, type GuardrailEndpoint } from "./bench/guardrail/bodies";
import { cpuSince, groupCpuSeconds, type GroupCpu } from "./bench/guardrail/cpu";
import { drive, percentile, type LoadResult } from "./bench/guardrail/load";

const ROOT = path.resolve(import.meta.dirname, "..");
const PROFILE_HOOK = path.join(import.meta.dirname, "bench", "cpu-profile-hook.mjs");
const TARGET_RPS = 1000;
const TARGET_P99_MS = 25;
const USAGE = "usage: npm run bench:guardrail -- [--seconds 10] [--warmup 5] [--concurrency 8] [--port 3300] [--endpoints reward,binary] [--monitor] [--cpu-prof DIR] [--keep]";

interface Options {
  seconds: number;
  warmup: number;
  concurrency: number;
  port: number;
  endpoints: GuardrailEndpoint[];
  monitor: boolean;
  cpuProf: string | null;
  keep: boolean;
}

function usage(message: string): never {
  console.error(`bench-guardrail: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const options: Options = { seconds: 10, warmup: 5, concurrency: 8, port: 3300, endpoints: ["reward", "binary"], cpuProf: null, keep: false, monitor: false };
  const number = (value: string | undefined, option: string, min: number) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) usage(`${option} needs a number of at least ${min}, got ${JSON.stringify(value ?? "")}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--seconds") options.seconds = number(argv[++i], arg, 1);
    else if (arg === "--warmup") options.warmup = number(argv[++i], arg, 0);
    else if (arg === "--concurrency") options.concurrency = Math.floor(number(argv[++i], arg, 1));
    else if (arg === "--port") options.port = Math.floor(number(argv[++i], arg, 3200));
    else if (arg === "--monitor") options.monitor = true;
    else if (arg === "--endpoints") {
      const names = (argv[++i] ?? "").split(",");
      if (!names.every((name): name is GuardrailEndpoint => name === "reward" || name === "binary")) usage(`--endpoints takes reward and/or binary, got ${JSON.stringify(argv[i] ?? "")}`);
      options.endpoints = names;
    } else if (arg === "--cpu-prof") {
      const dir = argv[++i];
      if (!dir) usage("--cpu-prof needs a directory");
      options.cpuProf = path.resolve(dir);
    } else if (arg === "--keep") options.keep = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else usage(`unknown option ${arg}`);
  }
  return options;
}

/** A 200 must carry the verdict the SDK reads: `score` on /reward, `passed` on /binary. */
function verdictCheck(endpoint: GuardrailEndpoint): (text: string) => string | null {
  const field = endpoint === "reward" ? "score" : "passed";
  return (text) => {
    try {
      const body: unknown = JSON.parse(text);
      return typeof body === "object" && body !== null && field in body ? null : `a 200 without \`${field}\`: ${text.slice(0, 300)}`;
    } catch {
      return `a 200 that is not JSON: ${text.slice(0, 300)}`;
    }
  };
}

function report(endpoint: GuardrailEndpoint, result: LoadResult, serverCpu: GroupCpu | null, clientCpu: number): { line: string; met: boolean } {
  const rps = result.requests / result.seconds;
  const p = (q: number) => percentile(result.latencies, q).toFixed(1);
  const p99 = percentile(result.latencies, 0.99);
  const perRequest = (cpu: number) => `${((cpu / result.requests) * 1000).toFixed(2)} ms`;
  const server = serverCpu && `server ${perRequest(serverCpu.mainThreads + serverCpu.otherThreads)} (event loop ${perRequest(serverCpu.mainThreads)}, other threads ${perRequest(serverCpu.otherThreads)}), `;
  const cpu = `; CPU per request: ${server ?? ""}load generator ${perRequest(clientCpu)}`;
  const line =
    `POST /api/v1/evals/${endpoint}: ${result.requests} requests in ${result.seconds.toFixed(1)} s = ${rps.toFixed(0)} req/s, ` +
    `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms, errors ${result.errors}${cpu}`;
  return { line, met: rps >= TARGET_RPS && p99 <= TARGET_P99_MS && result.errors === 0 };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-guardrail-"));
  let server: ServerHandle | undefined;
  let release: (() => void) | undefined;
  process.once("exit", () => server?.killNow());
  try {
    console.log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const build = await servedBuild(console.log);
    release = markInUse(build.dir);
    const databaseUrl = `file:${path.join(dir, "guardrail.db")}`;
    await applyMigrations(databaseUrl);
    const prisma = createPrisma(databaseUrl);
    const user = await prisma.user.create({ data: { email: "bench-guardrail@callboard.invalid", name: "Bench guardrail", role: "reviewer" } });
    const { token } = await createApiToken(prisma, user, { name: "bench guardrail" });
    // --monitor: every check also names a monitor, so its recording (written after the answers) is part of what is timed.
    const monitor = options.monitor
      ? await createMonitor(prisma, { id: user.id, role: "reviewer" }, createMonitorSchema.parse({ name: "bench guardrail", criteria: ["Tool call passes if the selected tool and every argument correctly fulfil the user's request"] }), {})
      : null;
    await prisma.$disconnect();

    const port = await freePort(options.port);
    const profile: Record<string, string> = options.cpuProf ? { NODE_OPTIONS: `--import=${pathToFileURL(PROFILE_HOOK).href}`, CALLBOARD_CPU_PROF_DIR: options.cpuProf } : {};
    server = startServer({ root: ROOT, buildDir: build.dir, databaseUrl, port, logFile: path.join(dir, "server.log"), readyTimeoutSeconds: 120, env: { CALLBOARD_API_JUDGE: "checks", ...profile } });
    const ready = await server.ready;
    console.log(`Server: ${ready.url}, answering after ${ready.readySeconds.toFixed(1)} s; ${options.concurrency} concurrent requests, ${options.warmup} s warm-up per endpoint, then ${options.seconds} s each`);

    const loadFor = (endpoint: GuardrailEndpoint) => ({
      url: new URL(`/api/v1/evals/${endpoint}${monitor ? `?monitor=${monitor.id}` : ""}`, ready.url),
      headers: { "api-key": token, "user-agent": "composo-python-sdk/0.1.0" },
      bodies: requestBodies(endpoint),
      concurrency: options.concurrency,
      check: verdictCheck(endpoint),
    });
    if (options.warmup > 0) for (const endpoint of new Set(options.endpoints)) await drive({ ...loadFor(endpoint), seconds: options.warmup });
    let errors = 0;
    let met = true;
    for (const endpoint of options.endpoints) {
      const load = loadFor(endpoint);
      const serverBefore = groupCpuSeconds(server.pid);
      const clientBefore = process.cpuUsage();
      const result = await drive({ ...load, seconds: options.seconds });
      const clientUsage = process.cpuUsage(clientBefore);
      const serverAfter = groupCpuSeconds(server.pid);
      const serverCpu = cpuSince(serverBefore, serverAfter);
      const line = report(endpoint, result, serverCpu, (clientUsage.user + clientUsage.system) / 1e6);
      console.log(line.line);
      for (const example of result.examples) console.log(`  error: ${example}`);
      errors += result.errors;
      met &&= line.met;
      const gone = server.gone();
      if (gone) throw new Error(gone);
    }
    if (monitor) {
      // Written in batches a moment after the answers (the bench runs no worker: they wait in the inbox for one).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const check = createPrisma(databaseUrl);
      const [received, results] = await Promise.all([check.liveCheckInbox.count(), check.evaluation.count({ where: { runId: monitor.runId } })]);
      await check.$disconnect();
      console.log(`Recorded for monitor ${monitor.id}: ${received + results} checks kept (${received} waiting for a worker to store them as results)`);
    }
    console.log(`Targets: ${TARGET_RPS} req/s and p99 ≤ ${TARGET_P99_MS} ms on each endpoint, no error: ${met ? "met" : "MISSED"}`);
    process.exitCode = errors > 0 ? 1 : met ? 0 : 3;
  } finally {
    await server?.stop();
    release?.();
    if (options.cpuProf) console.log(`CPU profile of the server: ${options.cpuProf}`);
    if (options.keep) console.log(`Kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
