/**
 * `npm run bench:results`: how fast the results pages of a large run answer, on the production
 * server and in a real browser.
 *
 *   npm run bench:results -- [--transcripts 2000] [--calls 10000] [--both-share 0.5] [--repeat 7]
 *                            [--port 3400] [--seed 1] [--ready-timeout 900] [--no-browser] [--keep] [--json]
 *
 * 1. Seeds a fresh, migrated temporary database (scripts/bench/results/seed.ts): 2,000 generated
 *    transcripts holding 10,000 tool calls, 5 criteria, and one finished run of 10,000 calls ×
 *    5 criteria = 50,000 evaluations, half of the calls judged in both modes (so 75,000
 *    Evaluation rows and 25,000 CallComparison rows), in one better-sqlite3 transaction.
 * 2. Serves it with scripts/start.ts (builds only when the sources changed; no worker, no demo)
 *    on the first free port from 3400.
 * 3. Measures the run page, a score sort, two filters (changed=1; verdict=fail on a binary
 *    criterion) and the tool-call page of the call in the middle of the list: each one warm-up
 *    and `repeat` timed requests, with Node's fetch (TTFB, total) and in Chromium (a fresh tab
 *    until the results table is visible). Each page must also show the count the seeded rows
 *    call for, so that a fast wrong page cannot pass.
 * Targets: under 500 ms at the server and under 1 s to a rendered table, on the median. Exits 1
 * when one is missed or a page shows the wrong count. The server, the browser and the temporary
 * files go at the end, whatever happened (--keep leaves the files and prints where).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { layoutLines, resultTable, TARGET_BROWSER_MS, TARGET_SERVER_MS, type CaseResult } from "./bench/results/report";
import { seedResults, type SeedSummary } from "./bench/results/seed";
import { freePort, startServer, type ReadyServer, type ServerHandle } from "./bench/results/server";
import { launchBrowser, measureBrowser, measureServer, type BenchCase, type BrowserResult, type ServerResult } from "./bench/results/timing";

interface Options {
  transcripts: number;
  calls: number;
  bothShare: number;
  repeat: number;
  port: number;
  seed: number;
  readyTimeout: number;
  browser: boolean;
  keep: boolean;
  json: boolean;
}

const USAGE =
  "usage: npm run bench:results -- [--transcripts N (2000)] [--calls N (10000)] [--both-share F (0.5)] [--repeat N (7)] [--port N (3400)] " +
  "[--seed N (1)] [--ready-timeout S (900)] [--no-browser] [--keep] [--json]";

function usage(code: number): never {
  console.log(USAGE);
  process.exit(code);
}

function fail(message: string): never {
  console.error(`bench-results: ${message}`);
  usage(2);
}

function positiveInteger(value: string | undefined, option: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${option} needs a positive integer, got ${JSON.stringify(value ?? "")}`);
  return n;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { transcripts: 2000, calls: 10_000, bothShare: 0.5, repeat: 7, port: 3400, seed: 1, readyTimeout: 900, browser: true, keep: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--transcripts") options.transcripts = positiveInteger(argv[++i], arg);
    else if (arg === "--calls") options.calls = positiveInteger(argv[++i], arg);
    else if (arg === "--both-share") {
      const value = argv[++i];
      options.bothShare = Number(value);
      if (value === undefined || !Number.isFinite(options.bothShare) || options.bothShare < 0 || options.bothShare > 1) fail(`--both-share needs a number in [0, 1], got ${JSON.stringify(value ?? "")}`);
    } else if (arg === "--repeat") options.repeat = positiveInteger(argv[++i], arg);
    else if (arg === "--port") options.port = positiveInteger(argv[++i], arg);
    else if (arg === "--seed") options.seed = positiveInteger(argv[++i], arg);
    else if (arg === "--ready-timeout") options.readyTimeout = positiveInteger(argv[++i], arg);
    else if (arg === "--no-browser") options.browser = false;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--help" || arg === "-h") usage(0);
    else if (arg !== "--") fail(`unknown option ${arg}`);
  }
  if (options.calls < options.transcripts || options.calls > options.transcripts * 9) {
    fail(`--calls must be between --transcripts and 9 × --transcripts (1–9 calls each); got ${options.calls} for ${options.transcripts}`);
  }
  if (options.port < 3400) fail("--port must be 3400 or more (3100 and nearby belong to the e2e suite and the other servers)");
  return options;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUN_TABLE = "Tool calls in this run";
const CALL_TABLE = "Results at a glance";
/** TablePager: "10,000 in all · page 1 of 400". */
const IN_ALL = /([\d,]+) in all · page/;
/** CallNavigation: "Call 5,001 of 10,000 in the list". */
const CALL_PLACE = /Call ([\d,]+) of [\d,]+ in the list/;

function benchCases(s: SeedSummary): BenchCase[] {
  const run = `/runs/${s.runId}`;
  const calls = "calls in all";
  return [
    { id: "run", label: "run page", path: run, table: RUN_TABLE, expect: { pattern: IN_ALL, value: s.expected.allCalls, what: calls } },
    {
      id: "sort",
      label: "sort: score c1 desc",
      path: `${run}?sort=score&criterion=${s.sortCriterionId}&dir=desc`,
      table: RUN_TABLE,
      expect: { pattern: IN_ALL, value: s.expected.allCalls, what: calls },
    },
    { id: "changed", label: "filter: changed=1", path: `${run}?changed=1`, table: RUN_TABLE, expect: { pattern: IN_ALL, value: s.expected.changedCalls, what: calls } },
    {
      id: "fail",
      label: "filter: verdict=fail c4",
      path: `${run}?verdict=fail&criterion=${s.filterCriterionId}`,
      table: RUN_TABLE,
      expect: { pattern: IN_ALL, value: s.expected.failCalls, what: calls },
    },
    {
      id: "call",
      label: "tool-call page (middle)",
      path: `${run}/calls/${s.middleCall.id}`,
      table: CALL_TABLE,
      expect: { pattern: CALL_PLACE, value: s.middleCall.index + 1, what: "= place in list" },
    },
  ];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  // With --json, stdout holds the JSON alone; progress goes to stderr.
  const log = options.json ? (line: string) => console.error(line) : (line: string) => console.log(line);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-bench-results-"));
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => {});
    await server?.stop();
    if (options.keep) log(`Kept ${dir} (database and server log)`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    log(`bench-results: ${signal}, stopping the server and removing ${dir}`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  // Last resort if something exits the process without the cleanup: no orphaned server.
  process.once("exit", () => server?.killNow());

  try {
    log(`Machine: ${os.cpus().length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, load average ${loadAverage()}`);
    log(`Seeding ${dir}/bench.db (seed ${options.seed})…`);
    const databaseFile = path.join(dir, "bench.db");
    const seeded = await seedResults(dir, databaseFile, { transcripts: options.transcripts, calls: options.calls, bothShare: options.bothShare, seed: options.seed }, log);
    for (const line of layoutLines(seeded)) log(line);

    const port = await freePort(options.port);
    log(`Starting the production server on port ${port} (scripts/start.ts, CALLBOARD_WORKER=0, CALLBOARD_DEMO=0)…`);
    server = startServer({ root: ROOT, databaseFile, port, logFile: path.join(dir, "server.log"), readyTimeoutSeconds: options.readyTimeout, log });
    const ready: ReadyServer = await server.ready;
    log(`  ready in ${ready.readySeconds.toFixed(1)} s${ready.built ? " (built first)" : " (build was current)"} at ${ready.url}`);

    const cases = benchCases(seeded);
    const loadBefore = loadAverage();
    log(`Server timings (${options.repeat} repetitions + 1 warm-up each)…`);
    const serverResults: ServerResult[] = [];
    for (const bench of cases) serverResults.push(await measureServer(ready.url, bench, options.repeat));

    const browserResults: BrowserResult[] = [];
    let executable: string | null = null;
    if (options.browser) {
      log("Browser timings (Chromium)…");
      const launched = await launchBrowser();
      browser = launched.browser;
      executable = launched.executable;
      for (const bench of cases) browserResults.push(await measureBrowser(launched.context, ready.url, bench, options.repeat));
      await browser.close();
      browser = undefined;
    }
    const loadAfter = loadAverage();

    const results: CaseResult[] = cases.map((bench, i) => {
      const s = serverResults[i];
      const b = browserResults[i] ?? null;
      return {
        bench,
        server: s,
        browser: b,
        checkOk: s.shown === bench.expect.value,
        serverPass: s.total.median < TARGET_SERVER_MS,
        browserPass: b ? b.visible.median < TARGET_BROWSER_MS && b.rows > 0 : null,
      };
    });
    const pass = results.every((r) => r.checkOk && r.serverPass && r.browserPass !== false);

    if (options.json) {
      const { databaseFile: _file, ...layout } = seeded;
      console.log(
        JSON.stringify({
          layout,
          server: { port: ready.port, readySeconds: ready.readySeconds, built: ready.built },
          browser: executable,
          machine: { cpus: os.cpus().length, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
          targets: { serverMs: TARGET_SERVER_MS, browserMs: TARGET_BROWSER_MS, on: "median" },
          cases: results.map((r) => ({
            id: r.bench.id,
            label: r.bench.label,
            path: r.bench.path,
            server: r.server,
            browser: r.browser,
            expected: r.bench.expect.value,
            shown: r.server.shown,
            checkOk: r.checkOk,
            serverPass: r.serverPass,
            browserPass: r.browserPass,
          })),
          pass,
        }),
      );
    } else {
      console.log("");
      for (const line of resultTable(results, options.repeat)) console.log(line);
      console.log(`Browser: ${executable ?? "skipped (--no-browser)"}; load average ${loadBefore} before the timings, ${loadAfter} after (${os.cpus().length} CPUs)`);
      console.log(pass ? "All targets met." : "Some target missed (or a page showed the wrong count): see FAIL / ≠ above.");
    }
    if (!pass) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`bench-results failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
