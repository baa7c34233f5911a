import { accessSync, constants, readdirSync, readFileSync, statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
const FOLDERS = ["lib", "scripts", "bench", "app", "components"];
const TESTS = FOLDERS.map((folder) => `${folder}/**/*.test.ts`);
/** Tests on the test database (lib/platform/db/test-database.ts): run once per database, SQLite then PostgreSQL. */
const DATABASE_TESTS = TESTS.map((glob) => glob.replace(/\.test\.ts$/, ".db.test.ts"));
/**
 * Files share one module cache per worker (no isolation), which halves the suite's time: each file
 * no longer loads Prisma, the judges and Next anew. A file that replaces modules (vi.mock) needs
 * its own cache, or the modules an earlier file loaded would stand in for its mocks.
 */
const MOCKING = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(import.meta.dirname, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && !file.includes("node_modules"))
    .map((file) => `${folder}/${file}`),
).filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(import.meta.dirname, file), "utf8")));
const isDatabaseTest = (file: string) => file.endsWith(".db.test.ts");

/**
 * Test databases and their folders go to RAM (/dev/shm) when the machine has room there: the
 * suites create and delete thousands of files, and a PostgreSQL database alone is ~300 of them, so
 * on disk the kernel's file allocation costs about a fifth of the PostgreSQL run. Set before the
 * global setup and the test processes start, so they all inherit it; an explicit TMPDIR wins.
 */
function ramTempDir(): string | undefined {
  const TMPFS = 0x01021994;
  const ROOM = 2 * 1024 ** 3;
  try {
    const fs = statfsSync("/dev/shm");
    accessSync("/dev/shm", constants.W_OK);
    return fs.type === TMPFS && fs.bavail * fs.bsize >= ROOM ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}
const ramTemp = process.env.TMPDIR ? undefined : ramTempDir();
if (ramTemp) process.env.TMPDIR = ramTemp;

/** A project of `name`: its files sharing modules, and `name:isolated`: those of them that mock. */
function projects(name: string, database: boolean, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration[] {
  const include = database ? DATABASE_TESTS : TESTS;
  const exclude = database ? [] : DATABASE_TESTS;
  return [
    { extends: true, test: { ...test, name, include, exclude: [...exclude, ...MOCKING], isolate: false } },
    { extends: true, test: { ...test, name: `${name}:isolated`, include: MOCKING.filter((file) => isDatabaseTest(file) === database), exclude } },
  ];
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Every core: files are independent (each test database is its own file or PostgreSQL database).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    // Files share both cores: a beforeAll that builds a judged database can take well over the default 10 s.
    hookTimeout: 60_000,
    // npm test runs the database projects once per database; each run writes its own report.
    reporters: process.env.CI_REPORTS ? ["default", ["json", { outputFile: `.reports/${process.env.CI_REPORT_NAME ?? "vitest"}.json` }]] : ["default"],
    // All inherit the settings above (extends). `--project 'db*'` runs the database tests alone.
    projects: [
      ...projects("unit", false, { environment: "node" }),
      // Migrated and judged templates, and with CALLBOARD_TEST_DATABASE=postgresql the server (npm run test:pg).
      ...projects("db", true, { environment: "node", globalSetup: ["lib/platform/db/test-global-setup.ts"] }),
    ],
  },
});
