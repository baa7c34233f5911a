import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"],
    environment: "node",
    // A PostgreSQL server and template database with CALLBOARD_TEST_DATABASE=postgresql (npm run test:pg).
    globalSetup: ["lib/server/test-global-setup.ts"],
    testTimeout: 30_000,
    // npm test runs the suite once per database; each run writes its own report.
    reporters: process.env.CI_REPORTS ? ["default", ["json", { outputFile: `.reports/${process.env.CI_REPORT_NAME ?? "vitest"}.json` }]] : ["default"],
  },
});
