/**
 * `npm run bench:results`: how fast the results pages of a large run answer, on the production
 * server and in a real browser.
 *
 *   npm run bench:results -- [--transcripts 2000] [--calls 10000] [--both-share 0.5] [--repeat 7] [--port 3300] [--seed 1]
 *                            [--build-timeout 900] [--ready-timeout 120] [--request-timeout 60] [--no-browser] [--keep] [--json]
 *                            [--reuse /tmp/callboard-bench-results-…/bench.db] [--cold]
 *
 * 1. Builds the app's sources as they are now in a directory of its own (scripts/bench/results/
 *    build.ts), reusing an earlier bench's build of the same sources: never the project's `.next`,
 *    which `npm start`, the e2e suite and other engineers' servers share.
 * 2. Seeds a fresh, migrated temporary database (scripts/bench/results/seed.ts): 2,000 generated
 *    transcripts holding 10,000 tool calls, 6 criteria, and one finished run of 10,000 calls ×
 *    6 criteria = 60,000 evaluations, half of the calls judged in both modes (so 90,000
 *    Evaluation rows and 30,000 CallComparison rows), in one better-sqlite3 transaction; then a
 *    signed-in reviewer (session.ts).
 *    With --database postgresql (a throwaway cluster; --database-url for an existing server), the
 *    seeded rows are then copied into a migrated PostgreSQL database (scripts/bench/copy-to-postgres.ts,
 *    then VACUUM (ANALYZE), as autovacuum would have) and the server is pointed at it: the same rows, measured
 *    on the other dialect.
 *    --reuse measures a database an earlier bench seeded and kept (--keep) instead: seeding 1.26 million
 *    rows takes minutes. Pending migrations are applied to it first (a new index is built then).
 * 3. Serves it with `next start` (no worker, no demo) on the first free port from 3300; with --cold, after
 *    emptying the operating system's page cache, so that each first view reads the database from disk.
 * 4. Measures the run page, a score sort, two filters (changed=1; verdict=fail on a binary
 *    criterion), the tool-call page of the call in the middle of the list and the charts page: each one warm-up
 *    and `repeat` timed requests, with Node's fetch (TTFB, total) and in Chromium (a fresh tab
 *    until the results table is rendered, seen by a script in the page on each animation frame). Each page must also show the count the seeded rows
 *    call for, so that a fast wrong page cannot pass. A page that takes longer than
 *    --request-timeout, or a server that dies, ends the bench with the server's log.
 * Targets: under 300 ms at the server, on the median and on the first view, and under 1 s to a rendered table, on the median. Exits 1
 * when one is missed or a page shows the wrong count. The server, the browser and the temporary
 * files go at the end, whatever happened (--keep leaves the files and prints where).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { browserBreakdown, layoutLines, resultTable, TARGET_BROWSER_MS, TARGET_SERVER_MS, type CaseResult } from "./bench/results/report";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { copySqliteToPostgres } from "./bench/copy-to-postgres";
import { chartsCase, type ChartsCase } from "./bench/results/charts-case";
import { groupsCase, type GroupsCase } from "./bench/results/groups-case";
import { takeFinalSnapshots } from "./bench/results/final-snapshots";
import { openBenchDatabases, type BenchDatabases } from "./bench/database";
import { benchBuild, markInUse } from "./bench/results/build";
import { dropPageCache } from "./bench/results/cold";
import { parseOptions } from "./bench/results/options";
import { reusedSeed, seedAndDescribe } from "./bench/results/reuse";
import type { SeedSummary } from "./bench/results/seed";
import { freePort, startServer, type ReadyServer, type ServerHandle } from "./bench/results/server";
import { benchSession, cookieHeader } from "./bench/results/session";
import { launchBrowser, measureBrowser, measureServer, type BenchCase, type BrowserResult, type Client, type ServerResult } from "./bench/results/timing";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUN_TABLE = "Tool calls in this run";
const CALL_TABLE = "Results at a glance";
/** TablePager: "10,000 in all · page 1 of 400". */
const IN_ALL = /([\d,]+) in all · page/;
/** CallNavigation: "Call 5,001 of 10,000 in the list". */
const CALL_PLACE = /Call ([\d,]+) of [\d,]+ in the list/;
/** FlipMatrixTable's caption: "1,234 flipped of 140,000 (…)", the run's first criterion first. */
const FLIPPED = /([\d,]+) flipped/;

function benchCases(s: SeedSummary, charts: ChartsCase, groups: GroupsCase): BenchCase[] {
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
    { id: "charts", label: "charts page", path: `${run}/charts`, table: charts.table, expect: { pattern: FLIPPED, value: charts.flips, what: "flipped, first criterion" } },
    { id: "groups", label: "grouped by tool", path: `${run}?group=tool`, table: groups.table, expect: { pattern: groups.pattern, value: groups.transcripts, what: `transcripts calling ${groups.tool}` } },
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
  let releaseBuild: (() => void) | undefined;
  let databases: BenchDatabases | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => {});
    await server?.stop();
    releaseBuild?.();
    await databases?.close();
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
    log("Production build of the working tree, apart from the project's .next…");
    const build = await benchBuild(ROOT, { timeoutSeconds: options.buildTimeout, log });
    releaseBuild = markInUse(build.dir);
    log(`  ${build.built ? "built" : "reused an earlier bench's build of the same sources"} in ${build.seconds.toFixed(1)} s: ${build.dir}`);

    const databaseFile = options.reuse ?? path.join(dir, "bench.db");
    const seeded = options.reuse ? await reusedSeed(options.reuse, log) : await seedAndDescribe(dir, databaseFile, options, log);
    for (const line of layoutLines(seeded)) log(line);
    let databaseUrl = `file:${databaseFile}`;
    let databaseDescription = "SQLite";
    if (options.postgresCopy) {
      databaseUrl = options.postgresCopy;
      databaseDescription = "PostgreSQL (a copy of the kept database, --postgres-copy)";
      await applyMigrations(databaseUrl);
      await takeFinalSnapshots(databaseUrl, seeded.runId);
    } else if (options.database.dialect === "postgresql") {
      databases = await openBenchDatabases(options.database, dir);
      const copyStarted = performance.now();
      databaseUrl = (await databases.fresh("results")).url;
      const copied = await copySqliteToPostgres(databaseFile, databaseUrl);
      databaseDescription = databases.description;
      log(`  copied to ${databases.description} in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s (${Object.values(copied).reduce((a, b) => a + b, 0).toLocaleString("en-US")} rows, then VACUUM (ANALYZE))`);
    }

    const port = await freePort(options.port);
    const url = `http://localhost:${port}`;
    const session = await benchSession(databaseUrl, url);
    if (options.cold) {
      dropPageCache();
      log("Emptied the operating system's page cache (--cold): each first view reads the database from disk");
    }
    log(`Starting next start on port ${port} (CALLBOARD_WORKER=0, CALLBOARD_DEMO=0, a signed-in reviewer)…`);
    server = startServer({ root: ROOT, buildDir: build.dir, databaseUrl, port, logFile: path.join(dir, "server.log"), readyTimeoutSeconds: options.readyTimeout, env: session.env });
    const ready: ReadyServer = await server.ready;
    log(`  ready in ${ready.readySeconds.toFixed(1)} s at ${ready.url}`);
    const client: Client = { cookie: cookieHeader(session), timeoutMs: options.requestTimeout * 1000 };

    const cases = benchCases(seeded, await chartsCase(databaseUrl, seeded.runId), await groupsCase(databaseUrl, seeded.runId));
    const loadBefore = loadAverage();
    log(`Server timings (${options.repeat} repetitions + 1 warm-up each)…`);
    const serverResults: ServerResult[] = [];
    for (const bench of cases) serverResults.push(await measureServer(ready.url, bench, options.repeat, client));

    const browserResults: BrowserResult[] = [];
    let executable: string | null = null;
    if (options.browser) {
      log("Browser timings (Chromium)…");
      const launched = await launchBrowser(ready.url, session.cookies);
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
        serverPass: s.total.median < TARGET_SERVER_MS && s.total.first < TARGET_SERVER_MS,
        browserPass: b ? b.rendered.median < TARGET_BROWSER_MS && b.rows > 0 : null,
      };
    });
    const pass = results.every((r) => r.checkOk && r.serverPass && r.browserPass !== false);

    if (options.json) {
      const { databaseFile: _file, ...layout } = seeded;
      console.log(
        JSON.stringify({
          layout,
          database: { dialect: options.database.dialect, description: databaseDescription },
          server: { port: ready.port, readySeconds: ready.readySeconds, peakRssMb: server.peakRssMb() },
          build: { dir: build.dir, hash: build.hash, built: build.built, seconds: build.seconds },
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
      if (options.browser) for (const line of browserBreakdown(results)) console.log(line);
      console.log(`Database: ${databaseDescription}. Server: peak RSS ${server.peakRssMb()} MB. Browser: ${executable ?? "skipped (--no-browser)"}; load average ${loadBefore} before the timings, ${loadAfter} after (${os.cpus().length} CPUs)`);
      console.log(pass ? "All targets met." : "Some target missed (or a page showed the wrong count): see FAIL / ≠ above.");
    }
    if (!pass) process.exitCode = 1;
  } catch (error) {
    // A page that never came back, or a server that died: say which, with what the server said.
    const why = server?.gone() ?? (server ? `The server still runs; the end of its log:\n${server.logTail(20)}` : null);
    throw new Error(`${error instanceof Error ? error.message : String(error)}${why ? `\n${why}` : ""}`);
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`bench-results failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
