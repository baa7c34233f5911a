/**
 * The first requests of a restarted web server (issue 12), alone: `npm run bench:runs` kills the
 * web server at 60% of a big run and its first run page afterwards was its only probe over 1 s.
 *
 *   npx tsx scripts/bench/first-request.ts [--restarts 5] [--transcripts 10000] [--port 3122] [--idle]
 *                                          [--cpu-prof DIR]
 *   BENCH_RUNS_BUILD=<a build directory> serves that build instead of a build of the working tree
 *
 * A SQLite database of N bench transcripts (the template of scripts/bench/runs/worker-only.ts),
 * the production build (as bench:runs builds it), `next start` and a worker; a both-mode run of
 * every transcript with the built-in judge through POST /api/runs. Once a fifth of it is judged
 * (with --idle: once all of it is, and the worker stopped), --restarts times: kill -9 of the web
 * server, a new one, and as soon as it answers, each page bench:runs probes requested one after
 * the other, twice. Prints, per page, the first and second request's median and max over the
 * restarts, and how long the server took to answer (its start-up, warm-up included).
 * --cpu-prof DIR writes the V8 CPU profile of the last server (stopped with SIGTERM, not killed).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createPrisma } from "@/lib/platform/db/client";
import { markInUse } from "./results/build";
import { freePort, startServer, type ServerHandle } from "./results/server";
import { benchSession, cookieHeader } from "./results/session";
import { kill9, probeTargets, servedBuild, startWorker } from "./runs/processes";
import { seededDatabase } from "./runs/seeded-database";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PROFILE_HOOK = path.join(import.meta.dirname, "cpu-profile-hook.mjs");

interface Options {
  restarts: number;
  transcripts: number;
  port: number;
  idle: boolean;
  cpuProf: string | null;
}

const USAGE = "usage: npx tsx scripts/bench/first-request.ts [--restarts N (5)] [--transcripts N (10000)] [--port N (E2E_PORT or 3122)] [--idle] [--cpu-prof DIR]";

function usageError(message: string): never {
  console.error(`first-request: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const options: Options = { restarts: 5, transcripts: 10_000, port: Number(process.env.E2E_PORT ?? 3122), idle: false, cpuProf: null };
  const numeric: Record<string, "restarts" | "transcripts" | "port"> = { "--restarts": "restarts", "--transcripts": "transcripts", "--port": "port" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--idle") options.idle = true;
    else if (arg === "--cpu-prof") {
      const dir = argv[++i];
      if (!dir) usageError("--cpu-prof needs a directory");
      options.cpuProf = path.resolve(dir);
    } else if (numeric[arg]) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) usageError(`${arg} needs a positive whole number, got ${JSON.stringify(argv[i] ?? "")}`);
      options[numeric[arg]] = value;
    } else usageError(`unknown option ${arg}`);
  }
  return options;
}

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds of one request, read to its end; throws on a failed answer (a cold page that fails says more than its time). */
async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000), redirect: "manual" });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const summary = (values: number[], unit = "ms", digits = 0) => `${median(values).toFixed(digits)} / ${Math.max(...values).toFixed(digits)} ${unit}`;

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-first-request-"));
  let server: ServerHandle | null = null;
  let worker: ChildProcess | null = null;
  process.once("exit", () => {
    server?.killNow();
    worker?.kill("SIGKILL");
  });
  try {
    log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
    const build = await servedBuild(log);
    const releaseBuild = markInUse(build.dir);
    log(`Build: ${build.built ? "built" : build.reused ? "BENCH_RUNS_BUILD" : "reused"} (${build.dir})`);
    const database = await seededDatabase(options.transcripts, dir, []);
    const prisma = createPrisma(database.url);
    const criterionIds = (await prisma.criterion.findMany({ select: { id: true } })).map((criterion) => criterion.id);

    const port = await freePort(options.port);
    const base = `http://localhost:${port}`;
    const session = await benchSession(database.url, base);
    const cookie = cookieHeader(session);
    const startWeb = (last: boolean) =>
      startServer({
        root: ROOT,
        buildDir: build.dir,
        databaseUrl: database.url,
        port,
        logFile: path.join(dir, "server.log"),
        readyTimeoutSeconds: 120,
        env: { ...session.env, ...(last && options.cpuProf ? { NODE_OPTIONS: `--import=${pathToFileURL(PROFILE_HOOK).href}`, CALLBOARD_CPU_PROF_DIR: options.cpuProf } : {}) },
      });
    server = startWeb(false);
    await server.ready;
    worker = startWorker(database.url, path.join(dir, "worker.log"));
    const created = await fetch(`${base}/api/runs`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "first-request", transcripts: "all", criteria: criterionIds, judge: "checks", mode: "both" }),
    });
    if (created.status !== 201) throw new Error(`POST /api/runs answered ${created.status}: ${await created.text()}`);
    const run = (await created.json()) as { id: string; total: number };
    const wanted = options.idle ? 1 : 0.2;
    for (;;) {
      const state = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { doneCount: true, errorCount: true } });
      if ((state.doneCount + state.errorCount) / run.total >= wanted) break;
      await sleep(500);
    }
    if (options.idle) {
      await kill9(worker);
      worker = null;
    }
    log(`Run ${run.id}: ${run.total.toLocaleString("en")} evaluations, ${options.idle ? "judged; worker stopped" : "a fifth judged; the worker goes on"}`);

    const targets = probeTargets(run.id);
    const first = new Map(targets.map((target) => [target, [] as number[]]));
    const second = new Map(targets.map((target) => [target, [] as number[]]));
    const readySeconds: number[] = [];
    for (let restart = 0; restart < options.restarts; restart++) {
      server.killNow();
      await sleep(200);
      server = startWeb(restart === options.restarts - 1);
      readySeconds.push((await server.ready).readySeconds);
      for (const times of [first, second]) for (const target of targets) times.get(target)!.push(await timed(`${base}${target}`, cookie));
      const done = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { doneCount: true, errorCount: true } });
      log(`  restart ${restart + 1}: answered after ${readySeconds.at(-1)!.toFixed(2)} s; first ${targets.map((target) => first.get(target)!.at(-1)!.toFixed(0)).join(" / ")} ms; run ${(((done.doneCount + done.errorCount) / run.total) * 100).toFixed(0)}% judged`);
    }
    const peakRssMb = server.peakRssMb();
    await server.stop();
    if (worker) await kill9(worker);
    worker = null;
    await prisma.$disconnect();
    await database.close();
    releaseBuild();

    const rows: [string, string, string][] = targets.map((target) => [target.replace(run.id, ":id"), summary(first.get(target)!), summary(second.get(target)!)]);
    const width = Math.max(...rows.map(([name]) => name.length), "answered after (spawn to first answer)".length);
    log("");
    log(`first-request: ${options.restarts} restarts, ${run.total.toLocaleString("en")} evaluations, ${options.idle ? "idle" : "a worker judging"}; median / max`);
    log(`${"page".padEnd(width)}  ${"first request".padEnd(18)} second request`);
    for (const [name, one, two] of rows) log(`${name.padEnd(width)}  ${one.padEnd(18)} ${two}`);
    log(`${"answered after (spawn to first answer)".padEnd(width)}  ${summary(readySeconds, "s", 2)}`);
    log(`${"peak RSS of the last server".padEnd(width)}  ${peakRssMb} MB`);
    if (options.cpuProf) log(`CPU profile of the last server: ${options.cpuProf}`);
    // What the servers said of their own warm-up (lib/platform/warm-up/warm-routes.ts logs only what went wrong).
    const said = new Set(fs.readFileSync(path.join(dir, "server.log"), "utf8").split("\n").filter((line) => line.startsWith("callboard:")));
    for (const line of said) log(`server log: ${line}`);
    fs.rmSync(dir, { recursive: true, force: true });
  } catch (error) {
    console.error(error);
    console.error(`first-request: logs kept in ${dir}`);
    process.exit(1);
  }
}

void main();
