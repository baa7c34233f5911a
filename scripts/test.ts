/**
 * `npm test`: typecheck, lint, unit + integration tests, then end-to-end tests in a real browser.
 * Every step runs even when an earlier one failed, so one run shows everything that is wrong;
 * the last line totals all suites from the runners' JSON reports, as `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { postgresBinDir } from "../lib/server/db/pg-cluster";
import { summarise, type StepOutcome } from "./test-summary";

const bin = (name: string) => `node_modules/.bin/${name}`;
interface Step {
  name: string;
  command: string;
  args: string[];
  report?: "vitest" | "playwright";
  reportFile?: string;
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

const steps: Step[] = [
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
  { name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  { name: "unit and integration", command: bin("vitest"), args: ["run"], report: "vitest" },
  // The same suite with every test database on PostgreSQL (a throwaway cluster, stopped at the end).
  {
    name: "unit and integration on PostgreSQL",
    command: bin("vitest"),
    args: ["run"],
    report: "vitest",
    reportFile: "vitest-postgresql.json",
    env: { CALLBOARD_TEST_DATABASE: "postgresql", CI_REPORT_NAME: "vitest-postgresql" },
    unavailable: withoutPostgres,
  },
  { name: "end-to-end", command: bin("playwright"), args: ["test"], report: "playwright" },
];

rmSync(".reports", { recursive: true, force: true });
mkdirSync(".reports", { recursive: true });
const env = { ...process.env, CI_REPORTS: "1", NEXT_TELEMETRY_DISABLED: "1" };

// Route types and next-env.d.ts come from Next itself; the typecheck needs them on a clean clone.
spawnSync(bin("next"), ["typegen"], { stdio: "inherit", env });

const outcomes: StepOutcome[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const missing = step.unavailable?.();
  // CI installs everything (.ci/run): there, a missing server is a failure, not a skip.
  if (missing !== undefined && process.env.CI === "true") {
    console.log(`failed: ${missing}`);
    outcomes.push({ name: step.name, exitCode: 1, seconds: 0 });
    continue;
  }
  if (missing !== undefined) {
    console.log(`skipped: ${missing}`);
    outcomes.push({ name: step.name, exitCode: 0, skipped: missing.split(":")[0], seconds: 0 });
    continue;
  }
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", env: { ...env, ...step.env } });
  outcomes.push({ name: step.name, exitCode: result.status ?? 1, report: step.report, reportFile: step.reportFile, seconds: (Date.now() - started) / 1000 });
}

const { lines, total, failed } = summarise(outcomes, ".reports");
console.log("");
for (const line of lines) console.log(line);
writeFileSync(".reports/summary.txt", `${total}\n`);
console.log(total);
process.exit(failed ? 1 : 0);
