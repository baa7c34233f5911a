import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm test` runs the tests named `*.db.test.ts` twice, on SQLite and on PostgreSQL (vitest.config.ts,
 * project "db"), and every other test once. A test that reaches the test database under another
 * name would silently never run on PostgreSQL; one named so that does not would run twice for
 * nothing. This follows each test file's imports (static, dynamic and vi.mock'd) to tell.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
/** The modules that choose the test database's provider. */
const PROVIDER_AWARE = ["lib/platform/db/test-database.ts", "lib/platform/db/test-database-mode.ts", "lib/platform/db/pg-test-server.ts"].map((file) => path.join(ROOT, file));
const IMPORT = /(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|vi\.mock\(\s*["']([^"']+)["']/g;

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const importsOf = new Map<string, string[]>();
function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (!found) {
    found = [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap((match) => resolve(file, match[1] ?? match[2] ?? match[3]) ?? []);
    importsOf.set(file, found);
  }
  return found;
}

function reachesTestDatabase(file: string): boolean {
  const seen = new Set([file]);
  const stack = [file];
  while (stack.length) {
    for (const next of imports(stack.pop() as string)) {
      if (PROVIDER_AWARE.includes(next)) return true;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

describe("test file names", () => {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts", "*.test.tsx"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !file.startsWith("e2e/") && fs.existsSync(path.join(ROOT, file)));

  it("say which tests use the test database", () => {
    expect(files.length).toBeGreaterThan(150);
    const misnamed = files.filter((file) => reachesTestDatabase(path.join(ROOT, file)) !== file.endsWith(".db.test.ts"));
    expect(misnamed, "a test that uses lib/platform/db/test-database.ts is named *.db.test.ts, and only such a test").toEqual([]);
  });
});
