import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN, ADMIN_STATE, HEADLESS_ADMIN_TOKEN } from "./e2e/fixtures/credentials";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// E2E_DATABASE_URL (e.g. a fresh database of `tsx scripts/pg-cluster.ts run -- …`) runs the suite on
// that database, which must be empty: start-up migrates it and loads the demo data. Default: a SQLite
// file of its own, reset before each run.
const databaseUrl = process.env.E2E_DATABASE_URL || "file:./data/e2e.db";
const resetFirst = !process.env.E2E_DATABASE_URL;

/**
 * Debian's Chromium when present (no browser download offline), Playwright's own browser otherwise.
 * Its headless shell first: the browser Playwright itself runs headless, it renders the same pages
 * with about a quarter less CPU than the full browser in headless mode.
 */
function chromiumPath(): string | undefined {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
  return candidates.find((candidate) => existsSync(candidate));
}
const executablePath = chromiumPath();
/**
 * Specs that run after e2e/review.spec.ts, which starts without a review queue: see their project below.
 */
const AFTER_UI = /(accessibility|first-day|review-feed)\.spec\.ts/;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: executablePath
    ? {
        executablePath,
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      }
    : {},
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  // A failed test runs once more, recording a trace (below), locally as in CI.
  retries: 1,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_REPORTS ? [["list"], ["json", { outputFile: ".reports/playwright.json" }]] : [["list"]],
  use: {
    baseURL,
    // Only the retry of a failed test records a trace: recorded for every test, it cost the browser
    // about 60% more CPU (results.spec.ts: 19-22 CPU-s without, 31-35 with), and end-to-end took
    // 577 s in `npm test` where it takes 379 s without.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs the admin in through the sign-in page once, for the projects below (e2e/auth.setup.ts).
    { name: "setup", testMatch: /auth\.setup\.ts/, use: chromium },
    // Every UI spec starts signed in as the admin; e2e/fixtures/accounts.ts makes other members.
    { name: "ui", testIgnore: [/api\/.*\.spec\.ts/, AFTER_UI], dependencies: ["setup"], use: { ...chromium, storageState: ADMIN_STATE } },
    // API specs send the admin's API token (e2e/fixtures/api.ts); a browser is there to make other members.
    { name: "api", testMatch: /api\/.*\.spec\.ts/, dependencies: ["setup"], use: chromium },
    // review-feed queues every result the demo run still has to review and first-day builds a queue of its own run;
    // accessibility checks the pages with what the other specs left (reviews, queues). So they run after the specs
    // above (projects run in this order with one worker); as a dependency of "ui" this project would pull the whole
    // suite into a run of one of its files alone.
    { name: "ui-after", testMatch: AFTER_UI, dependencies: ["setup"], use: { ...chromium, storageState: ADMIN_STATE } },
  ],
  webServer: {
    // A database of its own, reset to the demo data, served from the production build.
    command: `${resetFirst ? "node_modules/.bin/tsx scripts/db-reset.ts && " : ""}node_modules/.bin/tsx scripts/start.ts`,
    url: baseURL,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      // No judge keys: the suite runs the built-in judge and sees the others as not configured.
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
      ANTHROPIC_API_KEY: "",
      COMPOSO_API_KEY: "",
      CALLBOARD_WORKER_POLL_MS: "200",
      // Traces become transcripts a second after their last span (e2e/otel.spec.ts); a small span limit per request (e2e/api/otel.spec.ts).
      CALLBOARD_TRACE_QUIET_SECONDS: "1",
      CALLBOARD_OTLP_MAX_SPANS: "10000",
      // The first admin is made at start-up, as for an installation set up by a script.
      CALLBOARD_ADMIN_EMAIL: ADMIN.email,
      CALLBOARD_ADMIN_PASSWORD: ADMIN.password,
      CALLBOARD_ADMIN_NAME: ADMIN.name,
      // ... with an API token for scripts, usable before anyone opens a browser (e2e/api/runs.spec.ts).
      CALLBOARD_ADMIN_TOKEN: HEADLESS_ADMIN_TOKEN,
    },
  },
});
