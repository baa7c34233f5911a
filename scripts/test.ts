/**
 * `npm test`: typecheck and lint side by side, unit and integration tests (every database test on
 * SQLite, then again on PostgreSQL), then end-to-end tests in a real browser. Every step runs even
 * when an earlier one failed, so one run shows everything that is wrong; the last line totals all
 * suites from the runners' JSON reports, as `N passed, N failed`.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { postgresBinDir } from "../lib/platform/db/pg-cluster";
import { summarise, type StepOutcome } from "./test-summary";

const bin = (name: string) => `node_modules/.bin/${name}`;
interface Step {
  name: string;
  command: string;
  args: string[];
  report?: "vitest" | "playwright";
  reportFile?: string;
  /** Prepares a later step: counted only when it fails. */
  preparation?: boolean;
  env?: Record<string, string>;
  /** Why the step cannot run on this machine, if it cannot. */
  unavailable?: () => string | undefined;
}

/** The PostgreSQL run needs a server: CALLBOARD_TEST_POSTGRES_URL, or initdb/pg_ctl for a throwaway cluster. */
function withoutPostgres(): string | undefined {
  if (process.env.CALLBOARD_TEST_POSTGRES_URL) return undefined;
  try {
    postgresBinDir();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Steps of a stage run at once (each single-threaded, so two use both cores); stages run in order. */
const stages: Step[][] = [
  [
    // TypeScript 7's native compiler checks the project about four times faster than TypeScript 5's
    // (which Next and ESLint still load through its JavaScript API); one thread, as lint has the other core.
    { name: "typecheck", command: "node", args: ["node_modules/typescript-native/bin/tsc", "--noEmit", "-p", ".", "--singleThreaded"] },
    { name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  ],
  // Both Vitest projects (vitest.config.ts): tests without a database, and database tests on SQLite.
  [{ name: "unit and integration", command: bin("vitest"), args: ["run"], report: "vitest" }],
  // The database tests again, each test database on PostgreSQL (a throwaway cluster, stopped at the end);
  // beside them the production build the end-to-end tests serve: waiting on PostgreSQL, the tests
  // leave about a third of the two cores idle, and the build fills it (end-to-end starts a minute sooner).
  [
    {
      name: "integration on PostgreSQL",
      command: bin("vitest"),
      args: ["run", "--project", "db*"],
      report: "vitest",
      reportFile: "vitest-postgresql.json",
      env: { CALLBOARD_TEST_DATABASE: "postgresql", CI_REPORT_NAME: "vitest-postgresql" },
      unavailable: withoutPostgres,
    },
    { name: "production build", command: bin("tsx"), args: ["scripts/build-when-stale.ts"], preparation: true },
  ],
  [{ name: "end-to-end", command: bin("playwright"), args: ["test"], report: "playwright" }],
];

rmSync(".reports", { recursive: true, force: true });
mkdirSync(".reports", { recursive: true });
const env = { ...process.env, CI_REPORTS: "1", NEXT_TELEMETRY_DISABLED: "1" };

// Route types and next-env.d.ts come from Next itself; the typecheck needs them on a clean clone.
spawnSync(bin("next"), ["typegen"], { stdio: "inherit", env });

/** Runs a step; alone it prints as it goes, beside others its output is printed whole when it ends. */
function run(step: Step, alone: boolean): Promise<StepOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...env, ...step.env } });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const done = (exitCode: number) => {
      if (!alone) process.stdout.write(`\n=== ${step.name} ===\n${Buffer.concat(output).toString()}`);
      resolve({ name: step.name, exitCode, report: step.report, reportFile: step.reportFile, preparation: step.preparation, seconds: (Date.now() - started) / 1000 });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on("close", (code) => done(code ?? 1));
  });
}

function notRun(step: Step): StepOutcome | null {
  const missing = step.unavailable?.();
  if (missing === undefined) return null;
  // CI installs everything (.ci/run): there, a missing server is a failure, not a skip.
  if (process.env.CI === "true") {
    console.log(`\n=== ${step.name} ===\nfailed: ${missing}`);
    return { name: step.name, exitCode: 1, seconds: 0 };
  }
  console.log(`\n=== ${step.name} ===\nskipped: ${missing}`);
  return { name: step.name, exitCode: 0, skipped: missing.split(":")[0], seconds: 0 };
}

async function main() {
  const outcomes: StepOutcome[] = [];
  for (const stage of stages) {
    const runnable = stage.filter((step) => {
      const outcome = notRun(step);
      if (outcome) outcomes.push(outcome);
      return outcome === null;
    });
    if (runnable.length === 1) console.log(`\n=== ${runnable[0].name} ===`);
    else if (runnable.length) console.log(`\n=== ${runnable.map((step) => step.name).join(" and ")}, side by side ===`);
    outcomes.push(...(await Promise.all(runnable.map((step) => run(step, runnable.length === 1)))));
  }
  const { lines, total, failed } = summarise(outcomes, ".reports");
  console.log("");
  for (const line of lines) console.log(line);
  writeFileSync(".reports/summary.txt", `${total}\n`);
  console.log(total);
  process.exit(failed ? 1 : 0);
}

void main();
