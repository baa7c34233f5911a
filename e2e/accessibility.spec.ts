import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";

/*
 * No serious or critical WCAG A/AA violation (axe-core) on the main pages, with the demo data.
 * It runs after the other UI specs (playwright.config.ts): it may build a review queue, and
 * e2e/review.spec.ts starts from a database without one.
 */

const DEMO_RUN = "Demo: built-in checks, immediate and hindsight";

/** Checks the page with its folded parts (raw JSON, tool schemas, filters) unfolded, since axe skips what is hidden. */
async function checkUnfolded(page: Page): Promise<void> {
  await page.locator("details:not([open])").evaluateAll((folded) => folded.forEach((details) => details.setAttribute("open", "")));
  await expectNoSeriousA11yViolations(page);
}

/** Opens a page and checks it once its main heading is there (the pages render on the server). */
async function check(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkUnfolded(page);
}

/** A queue of the demo run's results for one criterion, leaving the rest to e2e/review-feed.spec.ts. */
async function buildQueue(page: Page, runId: string): Promise<void> {
  await page.goto(`/review/new?runId=${runId}`);
  const form = page.getByRole("form", { name: "Build a review queue" });
  await form.getByText("Narrow it down").click();
  await form.getByRole("group", { name: "Criteria" }).getByRole("checkbox").first().check();
  await form.getByLabel("Queue name").fill("Accessibility E2E");
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility E2E" })).toBeVisible();
}

test("the main pages have no serious or critical accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await check(page, "/");
  await check(page, "/transcripts");
  const transcript = await page.getByRole("table", { name: "Transcripts" }).locator('a[href^="/transcripts/"]').first().getAttribute("href");
  await check(page, transcript ?? "");
  await check(page, "/transcripts/upload");
  await check(page, "/criteria");

  await check(page, "/runs");
  const runPath = (await page.getByRole("link", { name: DEMO_RUN }).first().getAttribute("href")) ?? "";
  await check(page, runPath);
  const callPath = await page.locator(`a[href^="${runPath}/calls/"]`).first().getAttribute("href");
  await check(page, `${runPath}/charts`);
  await check(page, callPath ?? "");

  const runId = runPath.split("/").pop() ?? "";
  await check(page, `/review/new?runId=${runId}`);
  await check(page, "/review");
  if ((await page.getByRole("table", { name: "Review queues" }).count()) === 0) await buildQueue(page, runId);
  else await page.getByRole("table", { name: "Review queues" }).locator('a[href^="/review/"]').first().click();
  await expect(page.getByRole("table", { name: "Queue items" })).toBeVisible();
  await checkUnfolded(page);
  await page.getByRole("table", { name: "Queue items" }).locator("tbody tr").first().getByRole("link").first().click();
  await expect(page.getByTestId("judged-result")).toBeVisible();
  await checkUnfolded(page);

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
