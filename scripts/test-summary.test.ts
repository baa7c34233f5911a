import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { summarise } from "./test-summary";

function dirWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "cb-summary-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(content));
  return dir;
}

describe("summarise", () => {
  it("totals the runners' reports and counts report-less steps as one check", () => {
    const dir = dirWith({
      "vitest.json": { numPassedTests: 40, numFailedTests: 1, numPendingTests: 2, numTodoTests: 0 },
      "playwright.json": { stats: { expected: 5, unexpected: 0, skipped: 0, flaky: 1 } },
    });
    const result = summarise(
      [
        { name: "typecheck", exitCode: 0, seconds: 1 },
        { name: "lint", exitCode: 0, seconds: 1 },
        { name: "unit", exitCode: 1, report: "vitest", seconds: 1 },
        { name: "e2e", exitCode: 0, report: "playwright", seconds: 1 },
      ],
      dir,
    );
    expect(result.total).toBe("48 passed, 1 failed, 2 skipped");
    expect(result.failed).toBe(true);
  });

  it("reads each database's run from its own report, and counts a step that could not run as skipped", () => {
    const dir = dirWith({
      "vitest.json": { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0 },
      "vitest-postgresql.json": { numPassedTests: 9, numFailedTests: 1, numPendingTests: 0 },
    });
    const both = summarise(
      [
        { name: "unit", exitCode: 0, report: "vitest", seconds: 1 },
        { name: "unit on PostgreSQL", exitCode: 1, report: "vitest", reportFile: "vitest-postgresql.json", seconds: 1 },
      ],
      dir,
    );
    expect(both.total).toBe("19 passed, 1 failed");
    const skipped = summarise([{ name: "unit on PostgreSQL", exitCode: 0, skipped: "No PostgreSQL server found", seconds: 0 }], dir);
    expect(skipped).toMatchObject({ total: "0 passed, 0 failed, 1 skipped", failed: false });
    expect(skipped.lines[0]).toBe("unit on PostgreSQL: skipped (No PostgreSQL server found)");
  });

  it("counts a preparation step only when it fails", () => {
    const dir = dirWith({});
    const built = summarise([{ name: "production build", exitCode: 0, preparation: true, seconds: 50 }], dir);
    expect(built).toMatchObject({ total: "0 passed, 0 failed", failed: false, lines: ["production build: done (50.0 s)"] });
    const broken = summarise([{ name: "production build", exitCode: 1, preparation: true, seconds: 5 }], dir);
    expect(broken).toMatchObject({ total: "0 passed, 1 failed", failed: true, lines: ["production build: 0 passed, 1 failed (5.0 s)"] });
  });

  it("counts a crashed runner with no report as a failure, never as nothing", () => {
    const result = summarise([{ name: "e2e", exitCode: 1, report: "playwright", seconds: 0 }], dirWith({}));
    expect(result.total).toBe("0 passed, 1 failed");
    expect(result.failed).toBe(true);
  });

  it("counts a runner that exited non-zero after a clean report as failed", () => {
    const dir = dirWith({ "vitest.json": { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0 } });
    expect(summarise([{ name: "unit", exitCode: 1, report: "vitest", seconds: 0 }], dir).total).toBe("3 passed, 1 failed");
  });

  it("names each failing test with its file and first line of error, since CI shows only the tail", () => {
    const cwd = process.cwd();
    const dir = dirWith({
      "vitest.json": {
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 0,
        testResults: [
          { name: path.join(cwd, "lib/a.test.ts"), assertionResults: [{ fullName: "a passes", status: "passed", failureMessages: [] }] },
          { name: path.join(cwd, "lib/b.test.ts"), assertionResults: [{ fullName: "b > counts", status: "failed", failureMessages: ["\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at b.test.ts:4"] }] },
          { name: path.join(cwd, "lib/c.test.ts"), message: "SyntaxError: Unexpected token\nmore", assertionResults: [] },
        ],
      },
      "playwright.json": {
        stats: { expected: 1, unexpected: 1, skipped: 0, flaky: 0 },
        suites: [
          {
            title: "pages.spec.ts",
            file: "pages.spec.ts",
            specs: [{ title: "shows a page", tests: [{ status: "expected", results: [{ errors: [] }] }] }],
            suites: [{ title: "the run page", specs: [{ title: "sorts", tests: [{ status: "unexpected", results: [{ errors: [{ message: "Error: timed out" }] }] }] }] }],
          },
        ],
      },
    });
    const result = summarise(
      [
        { name: "unit", exitCode: 1, report: "vitest", seconds: 1 },
        { name: "e2e", exitCode: 1, report: "playwright", seconds: 1 },
      ],
      dir,
    );
    expect(result.lines).toEqual([
      "unit: 1 passed, 1 failed (1.0 s)\n  failed: lib/b.test.ts > b > counts: AssertionError: expected 2 to be 3\n  failed: lib/c.test.ts: SyntaxError: Unexpected token",
      "e2e: 1 passed, 1 failed (1.0 s)\n  failed: pages.spec.ts > sorts: Error: timed out",
    ]);
  });
});
