import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/** Debian's Chromium when present (no browser download offline), Playwright's own browser otherwise. */
function chromiumPath(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  return existsSync(candidate) ? candidate : undefined;
}
const executablePath = chromiumPath();

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_REPORTS ? [["list"], ["json", { outputFile: ".reports/playwright.json" }]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "ui",
      testIgnore: /api\/.*\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: executablePath
          ? {
              executablePath,
              args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
            }
          : {},
      },
    },
    { name: "api", testMatch: /api\/.*\.spec\.ts/ },
  ],
  webServer: {
    // A database of its own, reset to the demo data, served from the production build.
    command: "node_modules/.bin/tsx scripts/db-reset.ts && node_modules/.bin/tsx scripts/start.ts",
    url: baseURL,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // No judge keys: the suite runs the built-in judge and sees the others as not configured.
    env: { DATABASE_URL: "file:./data/e2e.db", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", ANTHROPIC_API_KEY: "", COMPOSO_API_KEY: "", CALLBOARD_WORKER_POLL_MS: "200" },
  },
});
