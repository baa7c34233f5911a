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

const vitestFailures = z.object({
  testResults: z
    .array(
      z.object({
        name: z.string(),
        message: z.string().optional(),
        assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).nullish() })).default([]),
      }),
    )
    .default([]),
});
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { status: string; results: { errors?: { message?: string }[] }[] }[] }[];
  suites?: PlaywrightSuite[];
}
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    title: z.string(),
    file: z.string().optional(),
    specs: z
      .array(z.object({ title: z.string(), tests: z.array(z.object({ status: z.string(), results: z.array(z.object({ errors: z.array(z.object({ message: z.string().optional() })).optional() })) })) }))
      .optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
);
const playwrightFailures = z.object({ suites: z.array(playwrightSuite).default([]) });

/** How many failures a step names at the end of the run: CI shows only the output's tail. */
const NAMED_FAILURES = 10;

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

function firstLine(message: string | undefined): string {
  // The runners colour their messages.
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "").trim();
  const line = plain.split("\n").find((text) => text.trim() !== "") ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function relative(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

function playwrightFailed(suite: PlaywrightSuite, file: string | undefined): string[] {
  const here = suite.file ?? file;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === "unexpected")
      .map((test) => `${here ?? suite.title} > ${spec.title}: ${firstLine(test.results.at(-1)?.errors?.[0]?.message)}`),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailed(child, here))];
}

/** The failing tests of one step, named with their file and their first line of error, so a run's tail says what broke. */
export function failuresOf(step: StepOutcome, reportDir: string): string[] {
  if (step.report === "vitest") {
    const parsed = vitestFailures.safeParse(readReport(path.join(reportDir, step.reportFile ?? "vitest.json")));
    if (!parsed.success) return [];
    return parsed.data.testResults.flatMap((file) => {
      const failed = file.assertionResults.filter((test) => test.status === "failed");
      // A file that failed to load has no failed test, only its message.
      if (!failed.length) return file.message ? [`${relative(file.name)}: ${firstLine(file.message)}`] : [];
      return failed.map((test) => `${relative(file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    });
  }
  if (step.report === "playwright") {
    const parsed = playwrightFailures.safeParse(readReport(path.join(reportDir, "playwright.json")));
    return parsed.success ? parsed.data.suites.flatMap((suite) => playwrightFailed(suite, undefined)) : [];
  }
  return [];
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
    const line = `${step.name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""} (${step.seconds.toFixed(1)} s)`;
    const failures = c.failed ? failuresOf(step, reportDir) : [];
    const named = failures.slice(0, NAMED_FAILURES).map((failure) => `  failed: ${failure}`);
    if (failures.length > NAMED_FAILURES) named.push(`  … and ${failures.length - NAMED_FAILURES} more in the output above`);
    return [line, ...named].join("\n");
  });
  const total = `${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ""}`;
  return { lines, total, failed: sum.failed > 0 || steps.some((s) => s.exitCode !== 0) };
}
