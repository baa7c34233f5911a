import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export interface StepOutcome {
  name: string;
  exitCode: number;
  report?: "vitest" | "playwright";
  /** The report's file name in the report directory, when not the runner's own name. */
  reportFile?: string;
  /** Prepares a later step (the production build): no check of its own, one failed check when it fails. */
  preparation?: boolean;
  /** Why the step did not run (counted as one skipped check). */
  skipped?: string;
  seconds: number;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const vitestReport = z.object({ numPassedTests: z.number(), numFailedTests: z.number(), numPendingTests: z.number(), numTodoTests: z.number().default(0) });
const playwrightReport = z.object({ stats: z.object({ expected: z.number(), unexpected: z.number(), skipped: z.number(), flaky: z.number() }) });

function readReport(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/** Counts of one step: a runner's own report when it wrote one, else the step itself as one check. */
export function countsOf(step: StepOutcome, reportDir: string): Counts {
  if (step.skipped !== undefined) return { passed: 0, failed: 0, skipped: 1 };
  const asOneCheck = { passed: step.exitCode === 0 ? 1 : 0, failed: step.exitCode === 0 ? 0 : 1, skipped: 0 };
  if (step.preparation) return { ...asOneCheck, passed: 0 };
  if (step.report === "vitest") {
    const parsed = vitestReport.safeParse(readReport(path.join(reportDir, step.reportFile ?? "vitest.json")));
    if (!parsed.success) return asOneCheck;
    const r = parsed.data;
    // A runner that crashed after writing a clean report still failed.
    const failed = r.numFailedTests + (r.numFailedTests === 0 && step.exitCode !== 0 ? 1 : 0);
    return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
  }
  if (step.report === "playwright") {
    const parsed = playwrightReport.safeParse(readReport(path.join(reportDir, "playwright.json")));
    if (!parsed.success) return asOneCheck;
    const s = parsed.data.stats;
    const failed = s.unexpected + (s.unexpected === 0 && step.exitCode !== 0 ? 1 : 0);
    return { passed: s.expected + s.flaky, failed, skipped: s.skipped };
  }
  return asOneCheck;
}

export function summarise(steps: StepOutcome[], reportDir: string): { lines: string[]; total: string; failed: boolean } {
  const sum: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines = steps.map((step) => {
    const c = countsOf(step, reportDir);
    sum.passed += c.passed;
    sum.failed += c.failed;
    sum.skipped += c.skipped;
    if (step.skipped !== undefined) return `${step.name}: skipped (${step.skipped})`;
    if (step.preparation && c.failed === 0) return `${step.name}: done (${step.seconds.toFixed(1)} s)`;
    return `${step.name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""} (${step.seconds.toFixed(1)} s)`;
  });
  const total = `${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ""}`;
  return { lines, total, failed: sum.failed > 0 || steps.some((s) => s.exitCode !== 0) };
}
