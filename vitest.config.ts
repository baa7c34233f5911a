import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
const TESTS = ["lib/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"];
/** Tests on the test database (lib/server/test-database.ts): run once per database, SQLite then PostgreSQL. */
const DATABASE_TESTS = TESTS.map((glob) => glob.replace(/\.test\.ts$/, ".db.test.ts"));

export default defineConfig({
  resolve: { alias },
  test: {
    // Every core: files are independent (each test database is its own file or PostgreSQL database).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    // Files share both cores: a beforeAll that builds a judged database can take well over the default 10 s.
    hookTimeout: 60_000,
    // npm test runs the database project once per database; each run writes its own report.
    reporters: process.env.CI_REPORTS ? ["default", ["json", { outputFile: `.reports/${process.env.CI_REPORT_NAME ?? "vitest"}.json` }]] : ["default"],
    projects: [
      // Both inherit the settings above (extends).
      { extends: true, test: { name: "unit", include: TESTS, exclude: DATABASE_TESTS, environment: "node" } },
      {
        extends: true,
        test: {
          name: "db",
          include: DATABASE_TESTS,
          environment: "node",
          // A PostgreSQL server and template database with CALLBOARD_TEST_DATABASE=postgresql (npm run test:pg).
          globalSetup: ["lib/server/test-global-setup.ts"],
        },
      },
    ],
  },
});
