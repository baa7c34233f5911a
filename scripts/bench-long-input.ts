/**
 * `npm run bench:long-input`: one long argument must never stall judging or the web server.
 *
 *   npm run bench:long-input -- [--mb 10] [--api-mb 1] [--skip cli,worker,web]
 *
 * 1. CLI: `npx callboard eval` on a transcript whose one argument is --mb MB of each adversarial
 *    shape (lib/judging/judges/test-fixtures/adversarial-text.ts), wall time per file. Target: under 5 s.
 * 2. Worker: per shape, a run over that transcript and 50 short ones, judged by a worker process
 *    as `npm start` spawns it; time from the run's creation to its end, and every result judged.
 *    Target: under 5 s beyond the same run without the long transcript.
 * 3. Web: the production server; `GET /sign-in` every 50 ms for 3 s alone, then while
 *    `POST /api/v1/evals/binary` judges an --api-mb MB argument of each shape, one after the other,
 *    three rounds. Target: every sign-in answered within 300 ms.
 * Exits 3 when a target is missed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCriterion } from "@/lib/criteria/parse";
import { ADVERSARIAL_SHAPES, transcriptWithArgument } from "@/lib/judging/judges/test-fixtures/adversarial-text";
import { createPrisma } from "@/lib/platform/db/client";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { createRun } from "@/lib/runs/server/create-run";
import { importFile } from "@/lib/transcripts/server/import-file";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { openBenchDatabases } from "./bench/database";
import { markInUse } from "./bench/results/build";
import { freePort, startServer, type ServerHandle } from "./bench/results/server";
import { benchSession, cookieHeader } from "./bench/results/session";
import { servedBuild, startWorker } from "./bench/runs/processes";

const ROOT = path.resolve(import.meta.dirname, "..");
const CRITERION = "Reward tool calls that select appropriate tools and provide accurate parameters";
const TARGET_CLI_S = 5;
const TARGET_WORKER_EXTRA_S = 5;
const TARGET_SIGN_IN_MS = 300;
const SHORT_TRANSCRIPTS = 50;
/** Rounds of API calls (every shape each) while /sign-in is probed. */
const ROUNDS = 3;

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseOptions(argv: string[]) {
  const options = { mb: 10, apiMb: 1, skip: new Set<string>() };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1] ?? ""];
    if (key === "--mb" || key === "--api-mb") {
      const number = Number(value);
      if (!(number > 0 && number <= 100)) usage(`${key} needs a size in MB from 0 to 100, got ${JSON.stringify(value)}`);
      options[key === "--mb" ? "mb" : "apiMb"] = number;
    } else if (key === "--skip") {
      for (const part of value.split(",")) {
        if (!["cli", "worker", "web"].includes(part)) usage(`--skip takes cli, worker or web, got ${JSON.stringify(part)}`);
        options.skip.add(part);
      }
    } else usage(`unknown option ${key}`);
  }
  return options;
}

function usage(message: string): never {
  console.error(`bench-long-input: ${message}\nusage: npm run bench:long-input -- [--mb 10] [--api-mb 1] [--skip cli,worker,web]`);
  process.exit(2);
}

const size = (mb: number) => Math.round((mb * 1024 * 1024) / 6) * 6;

function cli(dir: string, mb: number): boolean {
  log(`\nCLI: npx callboard eval, one argument of ${mb} MB`);
  let ok = true;
  for (const [shape, make] of Object.entries(ADVERSARIAL_SHAPES)) {
    const file = path.join(dir, `${shape.replaceAll(" ", "-")}.json`);
    fs.writeFileSync(file, JSON.stringify(transcriptWithArgument(make(size(mb)))));
    const started = performance.now();
    const result = spawnSync("npx", ["callboard", "eval", file, "-c", CRITERION, "--format", "json"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const seconds = (performance.now() - started) / 1000;
    fs.rmSync(file);
    // Exit 1 is a failed gate, a verdict like any other; 2 and up is a usage or input error.
    const answered = result.status === 0 || result.status === 1;
    if (!answered || seconds >= TARGET_CLI_S) ok = false;
    log(`  ${shape.padEnd(22)} ${seconds.toFixed(2)} s${answered ? "" : ` FAILED (exit ${result.status}): ${result.stderr.slice(0, 300)}`}`);
  }
  return ok;
}

async function worker(dir: string, mb: number): Promise<boolean> {
  log(`\nWorker: a run over ${SHORT_TRANSCRIPTS} short transcripts and one with a ${mb} MB argument, judged by a worker process`);
  const databases = await openBenchDatabases({ dialect: "sqlite", serverUrl: null }, dir);
  const { url } = await databases.fresh("long-input");
  const prisma = createPrisma(url);
  const child = startWorker(url, path.join(dir, "worker.log"));
  let ok = true;
  try {
    const parsed = parseCriterion(CRITERION);
    if (!parsed.ok) throw new Error(parsed.message);
    const criterion = await createCriterion(prisma, parsed.criterion);
    const short = Array.from({ length: SHORT_TRANSCRIPTS }, (_, index) => transcriptWithArgument(`record ${index}`));
    const timed = async (label: string, items: unknown[]): Promise<number> => {
      const imported = await importFile(prisma, { fileName: `${label}.jsonl`, source: "api", maxFileBytes: 1024 * 1024 * 1024, chunks: items.map((item) => `${JSON.stringify(item)}\n`) });
      const uploadId = imported.uploadId;
      if (!uploadId) throw new Error(`importing ${label} made no upload`);
      const started = performance.now();
      const created = await createRun(prisma, newRunSchema.parse({ selection: { kind: "upload", uploadId }, criterionIds: [criterion.id], mode: "both" }));
      for (;;) {
        const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId }, select: { status: true, errorCount: true } });
        if (run.status === "done" || run.status === "failed" || run.status === "cancelled") {
          if (run.status !== "done" || run.errorCount) {
            ok = false;
            log(`  ${label}: run ended ${run.status} with ${run.errorCount} errors`);
          }
          return (performance.now() - started) / 1000;
        }
        if (performance.now() - started > 300_000) throw new Error(`${label}: the run did not end within 5 minutes`);
        await sleep(50);
      }
    };
    // Each run's short transcripts are new content (content is stored once): a different record each time.
    let round = 0;
    const shortItems = () => short.map((item) => ({ ...item, metadata: { round: ++round } }));
    // The first run also waits for the worker to start.
    await timed("warm-up", shortItems());
    const baseline = await timed("baseline", shortItems());
    log(`  ${"without it".padEnd(22)} ${baseline.toFixed(2)} s`);
    for (const [shape, make] of Object.entries(ADVERSARIAL_SHAPES)) {
      const seconds = await timed(shape, [...shortItems(), transcriptWithArgument(make(size(mb)))]);
      if (seconds - baseline >= TARGET_WORKER_EXTRA_S) ok = false;
      log(`  ${shape.padEnd(22)} ${seconds.toFixed(2)} s (${(seconds - baseline).toFixed(2)} s more)`);
    }
  } finally {
    child.kill("SIGTERM");
    await prisma.$disconnect();
    await databases.close();
  }
  return ok;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : Number.NaN;
}

async function web(dir: string, mb: number): Promise<boolean> {
  log(`\nWeb: POST /api/v1/evals/binary with a ${mb} MB argument while GET /sign-in is requested every 50 ms`);
  const build = await servedBuild(log);
  const release = markInUse(build.dir);
  const databases = await openBenchDatabases({ dialect: "sqlite", serverUrl: null }, dir);
  const { url } = await databases.fresh("long-input-web");
  let server: ServerHandle | null = null;
  try {
    const port = await freePort(3131);
    const base = `http://localhost:${port}`;
    const session = await benchSession(url, base);
    server = startServer({ root: ROOT, buildDir: build.dir, databaseUrl: url, port, logFile: path.join(dir, "server.log"), readyTimeoutSeconds: 120, env: session.env });
    await server.ready;
    const cookie = cookieHeader(session);
    // Warm: the first page and the first evaluation (which starts the judging thread) are cold.
    await fetch(`${base}/sign-in`).then((response) => response.arrayBuffer());
    const post = (value: string) =>
      fetch(`${base}/api/v1/evals/binary`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ ...transcriptWithArgument(value), evaluation_criteria: "Tool call passes if the arguments are valid for the tool's schema" }),
      });
    const warm = await post("warm up");
    if (warm.status !== 200) throw new Error(`the evaluation API answered ${warm.status}: ${await warm.text()}`);

    const probing = { on: true };
    const probe = async (probes: number[]) => {
      while (probing.on) {
        const at = performance.now();
        void fetch(`${base}/sign-in`, { redirect: "manual", signal: AbortSignal.timeout(30_000) })
          .then((response) => response.arrayBuffer())
          .then(() => probes.push(performance.now() - at), () => probes.push(Number.POSITIVE_INFINITY));
        await sleep(50);
      }
      await sleep(1_000);
    };
    const summary = (probes: number[]) => {
      const sorted = [...probes].sort((a, b) => a - b);
      return { max: sorted.at(-1) ?? Number.NaN, line: `${probes.length} requests, p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms` };
    };
    const idle: number[] = [];
    const idleLoop = probe(idle);
    await sleep(3_000);
    probing.on = false;
    await idleLoop;
    log(`  GET /sign-in with no evaluation: ${summary(idle).line}`);

    probing.on = true;
    const loaded: number[] = [];
    const probeLoop = probe(loaded);
    const answers: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [shape, make] of Object.entries(ADVERSARIAL_SHAPES)) {
        const started = performance.now();
        const response = await post(make(size(mb)));
        const body = (await response.json()) as { passed?: boolean | null; error?: string };
        if (round === ROUNDS) answers.push(`  ${shape.padEnd(22)} ${response.status} in ${((performance.now() - started) / 1000).toFixed(2)} s${response.status === 200 ? ` (passed: ${body.passed})` : `: ${body.error}`}`);
      }
    }
    probing.on = false;
    await probeLoop;
    log(`  the last of ${ROUNDS} rounds:`);
    for (const line of answers) log(line);
    const during = summary(loaded);
    log(`  GET /sign-in meanwhile: ${during.line}`);
    // The judge runs on a thread of the web server; a thread that cannot start would leave it judging inline.
    const threadTrouble = server.logTail(400).split("\n").filter((line) => /callboard judge:/.test(line));
    for (const line of threadTrouble) log(`  server: ${line}`);
    return during.max < TARGET_SIGN_IN_MS && answers.every((line) => / 200 in /.test(line)) && threadTrouble.length === 0;
  } finally {
    await server?.stop();
    release();
    await databases.close();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-bench-long-input-"));
  log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  const met: boolean[] = [];
  try {
    if (!options.skip.has("cli")) met.push(cli(dir, options.mb));
    if (!options.skip.has("worker")) met.push(await worker(dir, options.mb));
    if (!options.skip.has("web")) met.push(await web(dir, options.apiMb));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const missed = met.filter((ok) => !ok).length;
  log(missed ? `\n${missed} target(s) missed` : "\nEvery target met");
  process.exit(missed ? 3 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
