import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsUnfolded } from "./fixtures/axe";

/*
 * No serious or critical WCAG A/AA violation (axe-core) on the main pages, with the demo data.
 * A run's own pages are checked with a long run's data by e2e/first-day.spec.ts. It runs after the
 * other UI specs (playwright.config.ts), so it also meets what they leave behind (reviews give the
 * criteria page its agreement tables).
 */

const DEMO_RUN = "Demo: built-in checks, immediate and hindsight";

/** Opens a page and checks it once its main heading is there (the pages render on the server). */
async function check(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolationsUnfolded(page);
}

test("the main pages have no serious or critical accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await check(page, "/");
  await check(page, "/transcripts");
  const transcript = await page.getByRole("table", { name: "Transcripts" }).locator('a[href^="/transcripts/"]').first().getAttribute("href");
  await check(page, transcript ?? "");
  await check(page, "/transcripts/upload");
  await check(page, "/criteria");

  // A run's own pages (run, charts, tool call, queue, review item) are checked on a long run's data by e2e/first-day.spec.ts.
  await check(page, "/runs");
  const runPath = (await page.getByRole("link", { name: DEMO_RUN }).first().getAttribute("href")) ?? "";
  const runId = runPath.split("/").pop() ?? "";
  await check(page, `/review/new?runId=${runId}`);
  await check(page, "/review");

  await check(page, "/monitors");
  await check(page, "/settings");
});

test("the home page has no serious or critical accessibility violations on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await check(page, "/");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
