/**
 * `npm test`: typecheck and lint side by side, then end-to-end tests in a real browser with the
 * unit and integration tests (every database test on SQLite, then again on PostgreSQL) beside
 * them. Every step runs even when an earlier one failed, so one run shows everything that is
 * wrong; the last line totals all suites from the runners' JSON reports, as `N passed, N failed`.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
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
  /** Runs at a lower CPU priority, on what the other steps of its stage leave idle. */
  yields?: boolean;
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

/**
 * Stages run in order; the lanes of a stage run at once, the steps of a lane one after the other.
 * The first step that does not yield prints as it goes, the others when the stage ends.
 *
 * End-to-end is bound by waiting (on the browser, the server and the worker's polling): alone it
 * keeps about one of the two cores busy. The unit and integration runs fill the other, at a lower
 * priority so that the pages' timings are not squeezed: about a minute less than one stage after
 * the other.
 */
const stages: Step[][][] = [
  [
    // TypeScript 7's native compiler checks the project about four times faster than TypeScript 5's
    // (which Next and ESLint still load through its JavaScript API); one thread, as lint has the other core.
    [{ name: "typecheck", command: "node", args: ["node_modules/typescript-native/bin/tsc", "--noEmit", "-p", ".", "--singleThreaded"] }],
    [{ name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] }],
  ],
  [
    [{ name: "end-to-end", command: bin("playwright"), args: ["test"], report: "playwright" }],
    [
      // Both Vitest projects (vitest.config.ts): tests without a database, and database tests on SQLite.
      { name: "unit and integration", command: bin("vitest"), args: ["run"], report: "vitest", yields: true },
      // The database tests again, each test database on PostgreSQL (a throwaway cluster, stopped at the end).
      {
        name: "integration on PostgreSQL",
        command: bin("vitest"),
        args: ["run", "--project", "db*"],
        report: "vitest",
        reportFile: "vitest-postgresql.json",
        env: { CALLBOARD_TEST_DATABASE: "postgresql", CI_REPORT_NAME: "vitest-postgresql" },
        unavailable: withoutPostgres,
        yields: true,
      },
    ],
  ],
];

/**
 * The production build the end-to-end tests serve, started as soon as the typecheck has read
 * `.next/types` (a build rewrites `.next`) and run beside the steps after it: lint leaves a core
 * idle, and the build fills it. End-to-end waits for it; the steps beside end-to-end do not.
 */
const BUILD: Step = { name: "production build", command: bin("tsx"), args: ["scripts/build-when-stale.ts"], preparation: true };
const BUILD_AFTER = "typecheck";
const BUILD_BEFORE = "end-to-end";

rmSync(".reports", { recursive: true, force: true });
mkdirSync(".reports", { recursive: true });
const env = { ...process.env, CI_REPORTS: "1", NEXT_TELEMETRY_DISABLED: "1" };

// Route types and next-env.d.ts come from Next itself; the typecheck needs them on a clean clone.
spawnSync(bin("next"), ["typegen"], { stdio: "inherit", env });

/** The outcome of a step, with what it printed when it did not print as it went. */
type Ran = StepOutcome & { output: string };

/** Runs a step: "live" prints as it goes; "captured", the caller prints its output. */
function run(step: Step, mode: "live" | "captured"): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: mode === "live" ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...env, ...step.env } });
    // Set before the runner has loaded, so the processes it starts (test workers, PostgreSQL) inherit it.
    if (step.yields && child.pid !== undefined) setPriority(child.pid, 10);
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = (exitCode: number) => {
      const output = mode === "live" ? "" : `\n=== ${step.name} ===\n${Buffer.concat(chunks).toString()}`;
      resolve({ name: step.name, exitCode, report: step.report, reportFile: step.reportFile, preparation: step.preparation, seconds: (Date.now() - started) / 1000, output });
    };
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
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
  let build: Promise<Ran> | undefined;
  const waitForBuild = async () => {
    if (!build) return;
    const built = await build;
    build = undefined;
    process.stdout.write(built.output);
    outcomes.push(built);
  };
  for (const lanes of stages) {
    const runnable = lanes.map((lane) =>
      lane.filter((step) => {
        const outcome = notRun(step);
        if (outcome) outcomes.push(outcome);
        return outcome === null;
      }),
    );
    const steps = runnable.flat();
    if (!steps.length) continue;
    const live = steps.find((step) => !step.yields) ?? steps[0];
    const beside = steps.filter((step) => step !== live).map((step) => step.name);
    console.log(`\n=== ${live.name}${beside.length ? `, with ${beside.join(" then ")} beside it` : ""} ===`);
    const runLane = async (lane: Step[]): Promise<Ran[]> => {
      const ran: Ran[] = [];
      for (const step of lane) {
        if (step.name === BUILD_BEFORE) await waitForBuild();
        const result = run(step, step === live ? "live" : "captured");
        if (step.name === BUILD_AFTER) build = result.then(() => run(BUILD, "captured"));
        ran.push(await result);
      }
      return ran;
    };
    const ran = (await Promise.all(runnable.map(runLane))).flat();
    for (const { output } of ran) process.stdout.write(output);
    outcomes.push(...ran);
  }
  await waitForBuild();
  const { lines, total, failed } = summarise(outcomes, ".reports");
  console.log("");
  for (const line of lines) console.log(line);
  writeFileSync(".reports/summary.txt", `${total}\n`);
  console.log(total);
  process.exit(failed ? 1 : 0);
}

void main();
