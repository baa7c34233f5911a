/**
 * `npm test`: typecheck, lint, unit + integration tests, then end-to-end tests in a real browser.
 * Every step runs even when an earlier one failed, so one run shows everything that is wrong;
 * the last line totals all suites from the runners' JSON reports, as `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { summarise, type StepOutcome } from "./test-summary";

const bin = (name: string) => `node_modules/.bin/${name}`;
const steps: { name: string; command: string; args: string[]; report?: "vitest" | "playwright" }[] = [
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
  { name: "lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  { name: "unit and integration", command: bin("vitest"), args: ["run"], report: "vitest" },
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
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", env });
  outcomes.push({ name: step.name, exitCode: result.status ?? 1, report: step.report, seconds: (Date.now() - started) / 1000 });
}

const { lines, total, failed } = summarise(outcomes, ".reports");
console.log("");
for (const line of lines) console.log(line);
writeFileSync(".reports/summary.txt", `${total}\n`);
console.log(total);
process.exit(failed ? 1 : 0);
