/**
 * `npm run bench:runs`: a large run with the built-in judge, end to end, against the real web
 * server and worker processes, while pages and the API are probed; then kill -9 of each mid-run.
 *
 *   npm run bench:runs -- [--transcripts 10000] [--seed 1] [--judge-sample 30000] [--port 3121]
 *                         [--workers 1] [--kill 1] [--kill-web 1] [--database sqlite|postgresql] [--database-url postgresql://…]
 *   BENCH_RUNS_BUILD=<a build directory printed by an earlier run> serves that build (worker-only changes)
 *
 * 1. A fresh database (scripts/bench/database.ts: a SQLite file in a temporary folder, or a
 *    database on a throwaway PostgreSQL cluster or the server --database-url names); N transcripts
 *    with 5N tool calls (the deterministic generator of bench:import), imported through the upload
 *    code path; three criteria; a signed-in reviewer for the probes.
 * 2. `next start` (the production build of the working tree, as bench:results builds it) and
 *    --workers worker processes (`node --import tsx scripts/worker.ts`), as `npm start` and
 *    `npm run worker` run them.
 * 3. The run, mode "both" (N × 5 × 3 × 2 evaluations), created through POST /api/runs.
 * 4. Every 250 ms, a run page and the progress API are requested, and still for 10 s after the
 *    run finished; latencies are kept.
 * 5. At 30%, --kill of the workers (default 1) are killed with SIGKILL and started again; at 60%
 *    the web server is (unless --kill-web 0). The run must still end with exactly one result per
 *    call × criterion × mode, none pending or running. For throughput alone: --kill 0 --kill-web 0.
 * 6. The judge's own single-core rate on the run's first evaluations (scripts/bench/runs/judge-rate.ts).
 * Targets: >= 5,000 evaluations/s end to end, >= 50% of the judge's single-core rate, probes p95
 * < 300 ms and none over 1 s (after the run finished too). Exits 1 when the run is wrong, 3 when a target is missed.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Prisma } from "@/lib/generated/prisma/client";
import { createPrisma } from "@/lib/platform/db/client";
import { DATABASE_USAGE, openBenchDatabases, takeDatabaseOption, type DatabaseOption } from "./bench/database";
import { markInUse } from "./bench/results/build";
import { freePort, startServer, type ServerHandle } from "./bench/results/server";
import { benchSession, cookieHeader } from "./bench/results/session";
import { sampleCpu, type CpuUsage } from "./bench/runs/cpu-usage";
import { judgeRate } from "./bench/runs/judge-rate";
import { kill9, probeTargets, servedBuild, startWorker } from "./bench/runs/processes";
import { seedRunsData } from "./bench/runs/seed";

const ROOT = path.resolve(import.meta.dirname, "..");
const TARGET_RATE = 5000;
const TARGET_SHARE = 0.5;
const TARGET_P95_MS = 300;
const TARGET_MAX_MS = 1000;
/**
 * Pages are probed this long after the run finished too: every open view of a large run then asks
 * for its finished aggregates at once, which are queried until the worker's final snapshots land.
 */
const AFTER_FINISH_MS = 10_000;

interface Options {
  transcripts: number;
  seed: number;
  judgeSample: number;
  port: number;
  workers: number;
  kill: number;
  killWeb: number;
  database: DatabaseOption;
}

const USAGE =
  "usage: npm run bench:runs -- [--transcripts N (10000)] [--seed N (1)] [--judge-sample N (30000)] [--port N] " +
  `[--workers N (1)] [--kill K (1; 0 to K ≤ workers)] [--kill-web 0|1 (1)] ${DATABASE_USAGE}`;

function usageError(message: string): never {
  console.error(`bench-runs: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  let taken: ReturnType<typeof takeDatabaseOption>;
  try {
    taken = takeDatabaseOption(argv);
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error));
  }
  type Numeric = "transcripts" | "seed" | "judgeSample" | "port" | "workers" | "kill" | "killWeb";
  const options: Options = { transcripts: 10_000, seed: 1, judgeSample: 30_000, port: Number(process.env.E2E_PORT ?? 3121), workers: 1, kill: 1, killWeb: 1, database: taken.option };
  const keys: Record<string, Numeric> = {
    "--transcripts": "transcripts", "--seed": "seed", "--judge-sample": "judgeSample", "--port": "port", "--workers": "workers", "--kill": "kill", "--kill-web": "killWeb",
  };
  // Kills may be none; everything else counts something.
  const zeroAllowed = new Set<Numeric>(["kill", "killWeb"]);
  const argv2 = taken.rest;
  for (let i = 0; i < argv2.length; i += 2) {
    const key = keys[argv2[i]];
    const value = Number(argv2[i + 1]);
    if (!key) usageError(`unknown option ${argv2[i]}`);
    if (!Number.isInteger(value) || value < (zeroAllowed.has(key) ? 0 : 1)) usageError(`${argv2[i]} needs ${zeroAllowed.has(key) ? "a whole number >= 0" : "a positive whole number"}, got ${JSON.stringify(argv2[i + 1] ?? "")}`);
    options[key] = value;
  }
  if (options.kill > options.workers) usageError(`--kill ${options.kill} is more than the ${options.workers} worker(s) started (--workers)`);
  if (options.killWeb > 1) usageError(`--kill-web takes 0 or 1, got ${options.killWeb}`);
  return options;
}

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Probe {
  at: number;
  target: string;
  ms: number;
  ok: boolean;
  /** Why it failed: the status, or the fetch error. */
  failure?: string;
}

/** "2,980 / 2,783 (2 workers), 237 settled at creation": rows without a claimer were never judged (a hindsight row of a call without a response). */
function workerShares(shares: { claimedBy: string | null; rows: bigint }[]): string {
  const judged = shares.filter((share) => share.claimedBy !== null);
  const settled = shares.filter((share) => share.claimedBy === null).reduce((sum, share) => sum + Number(share.rows), 0);
  const counts = judged.map((share) => Number(share.rows).toLocaleString("en")).join(" / ");
  return `${counts} (${judged.length} worker${judged.length === 1 ? "" : "s"})${settled ? `, ${settled.toLocaleString("en")} settled at creation` : ""}`;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-bench-runs-"));
  let server: ServerHandle | null = null;
  const workers: ChildProcess[] = [];
  process.once("exit", () => {
    server?.killNow();
    for (const worker of workers) worker.kill("SIGKILL");
  });
  const databases = await openBenchDatabases(options.database, dir).catch((error: unknown) => {
    console.error(`bench-runs: no database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  try {
    log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
    log(`Database: ${databases.description}; ${options.workers} worker process(es), ${options.kill} killed at 30%${options.killWeb ? ", the web server at 60%" : ""}`);
    // The worker runs from the working tree; the web server from a build of it. While only worker
    // code changes, BENCH_RUNS_BUILD names an earlier build to serve, instead of a new one per edit.
    const build = await servedBuild(log);
    const releaseBuild = markInUse(build.dir);
    log(`Build: ${build.built ? "built" : build.reused ? "BENCH_RUNS_BUILD, web server from an earlier build" : "reused"} (${build.dir})`);

    const { url } = await databases.fresh("runs");
    const prisma = createPrisma(url);
    let started = performance.now();
    const data = await seedRunsData(prisma, dir, { transcripts: options.transcripts, calls: options.transcripts * 5, seed: options.seed });
    log(`Seeded ${data.transcripts} transcripts, ${data.toolCalls} tool calls in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const port = await freePort(options.port);
    const base = `http://localhost:${port}`;
    const session = await benchSession(url, base);
    const startWeb = () => startServer({ root: ROOT, buildDir: build.dir, databaseUrl: url, port, logFile: path.join(dir, "server.log"), readyTimeoutSeconds: 120, env: session.env });
    server = startWeb();
    await server.ready;
    const workerLog = (i: number) => path.join(dir, `worker-${i + 1}.log`);
    for (let i = 0; i < options.workers; i++) workers.push(startWorker(url, workerLog(i)));

    // Started as CI would: through POST /api/runs, which answers once the run is stored.
    const cookie = cookieHeader(session);
    started = performance.now();
    const created = await fetch(`${base}/api/runs`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench:runs", transcripts: "all", criteria: data.criterionIds, judge: "checks", mode: "both" }),
    });
    const createMs = performance.now() - started;
    if (created.status !== 201) throw new Error(`POST /api/runs answered ${created.status}: ${await created.text()}`);
    const answer = (await created.json()) as { id: string; total: number };
    const run = { runId: answer.id, total: answer.total };
    log(`Run ${run.runId}: ${run.total} evaluations, started through POST /api/runs in ${createMs.toFixed(0)} ms`);
    const runStarted = performance.now();
    const cpu = sampleCpu(() => ({ web: [server?.pid], workers: workers.map((worker) => worker.pid) }));

    const targets = probeTargets(run.runId);
    const probes: Probe[] = [];
    let webDown = false;
    // When the restarted web server answered again: its first pages are cold (module loading, query compilation).
    let webBack = Number.POSITIVE_INFINITY;
    // When the web server was killed: a probe in flight then loses its connection with it, which says nothing of the server.
    let webKilledAt = Number.NEGATIVE_INFINITY;
    let probing = true;
    const probeLoop = (async () => {
      let tick = 0;
      while (probing) {
        const target = targets[tick++ % targets.length];
        const at = performance.now();
        if (!webDown) {
          void fetch(`${base}${target}`, { headers: { cookie }, signal: AbortSignal.timeout(5000), redirect: "manual" })
            .then(async (response) => {
              await response.arrayBuffer();
              const ok = response.status < 400;
              probes.push({ at, target, ms: performance.now() - at, ok, ...(ok ? {} : { failure: `status ${response.status}` }) });
            })
            .catch((error: unknown) => probes.push({ at, target, ms: performance.now() - at, ok: false, failure: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) }));
        }
        await sleep(250);
      }
    })();

    let killedWorker = false;
    let killedWeb = false;
    let steadyRate = 0;
    for (;;) {
      await sleep(500);
      const state = await prisma.run.findUniqueOrThrow({ where: { id: run.runId }, select: { status: true, doneCount: true, errorCount: true, total: true } });
      const finished = state.doneCount + state.errorCount;
      const fraction = finished / run.total;
      if (!killedWorker && fraction >= 0.3 && options.kill > 0) {
        steadyRate = finished / ((performance.now() - runStarted) / 1000);
        killedWorker = true;
        const victims = workers.slice(0, options.kill);
        log(`  ${(fraction * 100).toFixed(0)}% (${((performance.now() - runStarted) / 1000).toFixed(1)} s): kill -9 of ${victims.length} of ${workers.length} worker(s) (pid ${victims.map((w) => w.pid).join(", ")}), then new ones`);
        await Promise.all(victims.map(kill9));
        for (let i = 0; i < victims.length; i++) workers[i] = startWorker(url, workerLog(i));
      }
      if (!killedWeb && fraction >= 0.6 && options.killWeb) {
        killedWeb = true;
        log(`  ${(fraction * 100).toFixed(0)}% (${((performance.now() - runStarted) / 1000).toFixed(1)} s): kill -9 of the web server, then a new one`);
        webDown = true;
        webKilledAt = performance.now();
        server.killNow();
        await sleep(200);
        server = startWeb();
        await server.ready;
        webDown = false;
        webBack = performance.now();
        log(`  web server answering again at ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
      }
      if (state.status === "done") break;
      if (state.status !== "pending" && state.status !== "running") throw new Error(`the run ended ${state.status}`);
    }
    const runSeconds = (performance.now() - runStarted) / 1000;
    const cpuUsage = cpu.stop();
    const runEnded = performance.now();
    await sleep(AFTER_FINISH_MS);
    probing = false;
    await probeLoop;
    await sleep(1000);
    await Promise.all(workers.map(kill9));
    await server.stop();

    // Exactly one result per call × criterion × mode, all finished (one text for both dialects).
    const expected = data.toolCalls * data.criterionIds.length * 2;
    const [{ rows, keys, open }] = await prisma.$queryRaw<{ rows: bigint; keys: bigint; open: bigint | null }[]>(Prisma.sql`
      SELECT COUNT(*) AS "rows", COUNT(DISTINCT "toolCallId" || '|' || "criterionId" || '|' || "mode") AS "keys",
             SUM(CASE WHEN "status" IN ('pending', 'running') THEN 1 ELSE 0 END) AS "open" FROM "Evaluation" WHERE "runId" = ${run.runId}`);
    // Who judged what: a finished row keeps its claimer, so several workers show their shares.
    const shares = await prisma.$queryRaw<{ claimedBy: string | null; rows: bigint }[]>(Prisma.sql`
      SELECT "claimedBy", COUNT(*) AS "rows" FROM "Evaluation" WHERE "runId" = ${run.runId} GROUP BY "claimedBy" ORDER BY COUNT(*) DESC`);
    const comparisons = await prisma.callComparison.count({ where: { runId: run.runId } });
    const final = await prisma.run.findUniqueOrThrow({ where: { id: run.runId }, select: { total: true, doneCount: true, errorCount: true, finishedAt: true } });
    // How long the run stayed open after its last result: the worker takes a large run's final snapshots first.
    const lastResult = (await prisma.evaluation.aggregate({ where: { runId: run.runId }, _max: { finishedAt: true } }))._max.finishedAt;
    const closedAfter = final.finishedAt && lastResult ? (final.finishedAt.getTime() - lastResult.getTime()) / 1000 : null;
    const exact = Number(rows) === expected && Number(keys) === expected && Number(open ?? 0) === 0 && comparisons === data.toolCalls * data.criterionIds.length && final.total === expected && final.doneCount + final.errorCount === expected;

    const judge = await judgeRate(prisma, run.runId, options.judgeSample);
    await prisma.$disconnect();
    releaseBuild();

    const during = probes.filter((probe) => probe.at < runEnded);
    const latencies = during.filter((probe) => probe.ok).map((probe) => probe.ms).sort((a, b) => a - b);
    const cutByKill = (probe: Probe) => probe.at <= webKilledAt && probe.at + probe.ms >= webKilledAt;
    const failures = probes.filter((probe) => !probe.ok && !cutByKill(probe));
    const failed = failures.length;
    const cut = probes.filter((probe) => !probe.ok && cutByKill(probe)).length;
    const after = probes.filter((probe) => probe.at >= runEnded);
    const afterLatencies = after.filter((probe) => probe.ok).map((probe) => probe.ms).sort((a, b) => a - b);
    const afterMax = afterLatencies.at(-1) ?? 0;
    const rate = expected / runSeconds;
    const share = rate / judge.perSecond;
    const p95 = percentile(latencies, 0.95);
    const max = latencies.at(-1) ?? 0;
    const rowsOut: [string, string, string][] = [
      ["evaluations", expected.toLocaleString("en"), ""],
      ["run created in", `${createMs.toFixed(0)} ms`, ""],
      ["database, workers", `${databases.description}; ${options.workers} worker(s), ${options.kill} killed${options.killWeb ? ", web server killed" : ""}`, ""],
      [options.kill || options.killWeb ? "end to end (kills included)" : "end to end", `${rate.toFixed(0)} /s in ${runSeconds.toFixed(1)} s`, rate >= TARGET_RATE ? "ok" : `MISSED (>= ${TARGET_RATE})`],
      ...(options.kill ? [["before the first kill", `${steadyRate.toFixed(0)} /s`, ""] as [string, string, string]] : []),
      ["done after the last result", closedAfter === null ? "?" : `${closedAfter.toFixed(1)} s (final snapshots taken first)`, ""],
      ["rows per worker process (a row keeps its claimer)", workerShares(shares), ""],
      ["judge alone, one core", `${judge.perSecond.toFixed(0)} /s (${judge.evaluations} evaluations, ${judge.cpuSeconds.toFixed(1)} s CPU)`, ""],
      ["end to end / judge", `${(share * 100).toFixed(0)}%`, share >= TARGET_SHARE ? "ok" : `MISSED (>= ${TARGET_SHARE * 100}%)`],
      ["probes during the run", `${latencies.length} answered, ${during.filter((probe) => !probe.ok && !cutByKill(probe)).length} failed${cut ? `, ${cut} in flight when the web server was killed` : ""}`, failed ? "FAILED" : "ok"],
      ["probe p50 / p95 / max", `${percentile(latencies, 0.5).toFixed(0)} / ${p95.toFixed(0)} / ${max.toFixed(0)} ms`, p95 < TARGET_P95_MS && max <= TARGET_MAX_MS ? "ok" : `MISSED (p95 < ${TARGET_P95_MS}, max <= ${TARGET_MAX_MS})`],
      [
        `probes in the ${AFTER_FINISH_MS / 1000} s after it finished`,
        `${afterLatencies.length} answered, ${after.length - afterLatencies.length} failed; ${percentile(afterLatencies, 0.5).toFixed(0)} / ${percentile(afterLatencies, 0.95).toFixed(0)} / ${afterMax.toFixed(0)} ms`,
        after.length === afterLatencies.length && afterMax <= TARGET_MAX_MS ? "ok" : `MISSED (none failed, max <= ${TARGET_MAX_MS})`,
      ],
      ...failures.slice(0, 5).map((probe): [string, string, string] => ["  failed", `${probe.target.replace(run.runId, ":id")} at ${((probe.at - runStarted) / 1000).toFixed(1)} s after ${probe.ms.toFixed(0)} ms: ${probe.failure ?? "?"}`, ""]),
      ...(cpuUsage ? [["CPU during the run", cpuLine(cpuUsage), ""] as [string, string, string]] : []),
      ["one result per call × criterion × mode", `${rows} rows, ${keys} keys, ${open} open, ${comparisons} comparisons`, exact ? "ok" : "WRONG"],
    ];
    for (const target of targets) {
      const own = probes.filter((probe) => probe.ok && probe.target === target).map((probe) => probe.ms).sort((a, b) => a - b);
      rowsOut.push([`  ${target.replace(run.runId, ":id")}`, `${percentile(own, 0.5).toFixed(0)} / ${percentile(own, 0.95).toFixed(0)} / ${(own.at(-1) ?? 0).toFixed(0)} ms (${own.length})`, ""]);
    }
    const warm = probes.filter((probe) => probe.ok && probe.at - runStarted > 3000 && (probe.at < webBack || probe.at - webBack > 3000)).map((probe) => probe.ms).sort((a, b) => a - b);
    rowsOut.push(["  warm server (not within 3 s of a start)", `${percentile(warm, 0.5).toFixed(0)} / ${percentile(warm, 0.95).toFixed(0)} / ${(warm.at(-1) ?? 0).toFixed(0)} ms (${warm.length})`, ""]);
    const slowest = [...probes].sort((a, b) => b.ms - a.ms).slice(0, 5);
    rowsOut.push(["slowest probes (s into the run)", slowest.map((probe) => `${probe.target.replace(run.runId, ":id")} ${probe.ms.toFixed(0)} ms at ${((probe.at - runStarted) / 1000).toFixed(1)}`).join("; "), ""]);
    const width = Math.max(...rowsOut.map(([name]) => name.length));
    log("");
    log(`bench:runs, ${options.transcripts} transcripts, ${data.toolCalls} calls, 3 criteria, mode both, ${databases.dialect}, ${options.workers} worker(s)`);
    for (const [name, value, verdict] of rowsOut) log(`${name.padEnd(width)}  ${value.padEnd(48)} ${verdict}`);
    fs.rmSync(dir, { recursive: true, force: true });
    await databases.close();
    if (!exact) process.exit(1);
    if (rate < TARGET_RATE || share < TARGET_SHARE || p95 >= TARGET_P95_MS || max > TARGET_MAX_MS || afterMax > TARGET_MAX_MS || failed) process.exit(3);
  } catch (error) {
    console.error(error);
    console.error(`bench-runs: logs kept in ${dir}`);
    process.exit(1);
  }
}

/** CPU seconds by role, and how many of the machine's cores they kept busy on average. */
function cpuLine(usage: CpuUsage): string {
  const { web, workers, database } = usage.seconds;
  const total = web + workers + database + usage.benchSeconds;
  const cores = total / usage.wallSeconds;
  return `workers ${workers.toFixed(1)} s, web ${web.toFixed(1)} s, database ${database.toFixed(1)} s, bench ${usage.benchSeconds.toFixed(1)} s: ${cores.toFixed(2)} of ${os.cpus().length} cores busy`;
}

void main();
