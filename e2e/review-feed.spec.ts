import fs from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { parseCsv } from "@/lib/platform/csv";
import { createMember } from "./fixtures/accounts";
import { ADMIN } from "./fixtures/credentials";
import { pressKey } from "./fixtures/keys";

/*
 * What people's reviews feed back into the results: a disagreement recorded in a review queue
 * shows beside the judge's verdict on the run page and the tool-call page, the run page filters
 * by review status, judge agreement counts it, and the export carries it in human_* columns.
 * It runs in a project of its own after the other UI specs (playwright.config.ts), since its queue
 * takes every result of the demo run that they left unqueued.
 */

const DEMO_RUN = "Demo: built-in checks, immediate and hindsight";

test.describe.configure({ mode: "serial" });

/** Filled by the first test: the run, and the call whose result the admin disputed. */
const disputed = { runPath: "", callPath: "", toolCallId: "", itemPath: "" };

async function openDemoRun(page: Page): Promise<void> {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_RUN })).toBeVisible();
}

const agreementSection = (page: Page) => page.getByTestId("judge-agreement");

/** How many results people have reviewed, as the run page's agreement section says. */
async function reviewedCount(page: Page): Promise<number> {
  const section = agreementSection(page);
  await expect(section).toBeVisible();
  if (await section.getByText("Nobody has reviewed this run's results yet.").isVisible()) return 0;
  const text = (await section.getByText(/reviewed by people/).textContent()) ?? "";
  return Number(/([\d,]+) results? reviewed by people/.exec(text)?.[1].replaceAll(",", "") ?? Number.NaN);
}

/** The run table's row of one call. */
function callRow(table: Locator, toolCallId: string): Locator {
  return table.getByRole("row").filter({ has: table.page().locator(`a[href*="/calls/${toolCallId}"]`) });
}

test("a disagreement recorded in a queue shows beside the judge's verdict on the run and tool-call pages", async ({ page }) => {
  test.setTimeout(120_000);
  await openDemoRun(page);
  disputed.runPath = new URL(page.url()).pathname;
  const before = await reviewedCount(page);
  if (before === 0) {
    // The empty state leads to building a queue from this run.
    await expect(agreementSection(page).getByRole("link", { name: "Build a review queue" })).toHaveAttribute("href", /\/review\/new\?runId=/);
  }

  // The run page's Review button opens the build form on this run; its default filter queues what is left.
  await page.getByRole("main").getByRole("link", { name: "Review", exact: true }).click();
  await expect(page).toHaveURL(/\/review\/new\?runId=/);
  const form = page.getByRole("form", { name: "Build a review queue" });
  await form.getByLabel("Queue name").fill("E2E feed queue");
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E feed queue" })).toBeVisible();
  await page.getByRole("link", { name: "Start reviewing" }).click();
  await expect(page.getByTestId("lock-state")).toContainText("You are working on this item until");
  disputed.itemPath = new URL(page.url()).pathname;

  // d opens the correction with the opposite verdict proposed; a scored item takes a score instead.
  await pressKey(page, "d");
  const correction = page.getByRole("form", { name: "Correct verdict" });
  const score = correction.getByRole("spinbutton");
  if (await score.isVisible()) await score.fill("0.95");
  await correction.getByRole("button", { name: "Save disagreement" }).click();
  await expect(page.getByTestId("human-verdict")).toContainText("Human: disagrees");

  // The tool-call page says what the person said, apart from the judge, and leads back to the item.
  await page.getByRole("link", { name: "Open the tool-call page" }).click();
  await expect(page).toHaveURL(/\/runs\/[^/]+\/calls\/[^/?]+/);
  disputed.callPath = new URL(page.url()).pathname;
  disputed.toolCallId = disputed.callPath.split("/").at(-1) ?? "";
  // Other results of the call may sit in the queue too, unjudged: this is the one with a verdict.
  const line = page.getByTestId("human-review").filter({ hasText: `Human (${ADMIN.name}): disagree →` });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("link", { name: "Open the review item" })).toHaveAttribute("href", disputed.itemPath);
  await expect(page.getByRole("table", { name: "Results at a glance" }).getByTestId("human-marker").filter({ hasText: ADMIN.name })).toHaveCount(1);

  // The run page's agreement section counts the new verdict.
  await page.goto(disputed.runPath);
  expect(await reviewedCount(page)).toBe(before + 1);
  const agreement = page.getByRole("table", { name: "Judge agreement with people, per criterion" });
  await expect(agreement.getByTestId("agreement-row").first()).toBeVisible();
  await expect(agreement.getByTestId("confusion-matrix").first()).toContainText("human fail");
});

test("the run page filters by review status and the export carries the human columns", async ({ page }) => {
  // Serial mode skips this when the earlier test fails; if it passed, what it left must be here.
  expect(disputed.toolCallId, "the disagreement recorded by the previous test").not.toBe("");
  await page.goto(disputed.runPath);
  await page.getByLabel("Review status").selectOption({ label: "Disputed (reviewer disagrees)" });
  await expect(page).toHaveURL(/[?&]review=disputed/);
  const table = page.getByRole("table", { name: "Tool calls in this run" });
  const row = callRow(table, disputed.toolCallId);
  await expect(row).toHaveCount(1);
  const marker = row.getByTestId("human-marker").filter({ hasText: ADMIN.name });
  await expect(marker).toHaveCount(1);
  await expect(marker).toHaveAttribute("title", new RegExp(`^Reviewed by a person \\(${ADMIN.name}\\), not the judge\\. They disagree with the judge`));

  // Not reviewed: the disputed call is not in that list.
  await page.getByLabel("Review status").selectOption({ label: "Not reviewed" });
  await expect(page).toHaveURL(/[?&]review=none/);
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(callRow(table, disputed.toolCallId)).toHaveCount(0);

  // The export of the disputed view: the judge's columns, then the human ones.
  await page.getByLabel("Review status").selectOption({ label: "Disputed (reviewer disagrees)" });
  await expect(page).toHaveURL(/[?&]review=disputed/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const [header, ...lines] = parseCsv(fs.readFileSync((await download.path()) ?? "", "utf8"));
  expect(header.slice(-7)).toEqual(["human_review_status", "human_verdict", "human_passed", "human_score", "human_label", "human_reviewer", "human_reviewed_at"]);
  const rows = lines.map((line) => Object.fromEntries(header.map((column, i) => [column, line[i]])));
  const mine = rows.filter((row) => row.tool_call_id === disputed.toolCallId && row.human_verdict === "disagree" && row.human_reviewer === ADMIN.name);
  expect(mine).toHaveLength(1);
  expect(mine[0].human_review_status).toBe("in-review");
  expect(mine[0].human_reviewed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  // Results of the same calls that nobody queued have empty human columns, not the judge's values.
  expect(rows.some((row) => row.human_review_status === "" && row.human_passed === "")).toBe(true);
});

test("a viewer sees people's verdicts but no way to build a queue", async ({ browser }) => {
  // Serial mode skips this when the earlier test fails; if it passed, what it left must be here.
  expect(disputed.toolCallId, "the disagreement recorded by the previous test").not.toBe("");
  test.setTimeout(90_000);
  const viewer = await createMember(browser, "viewer");
  try {
    const page = viewer.page;
    await page.goto(`${disputed.runPath}?review=disputed`);
    const row = callRow(page.getByRole("table", { name: "Tool calls in this run" }), disputed.toolCallId);
    await expect(row.getByTestId("human-marker").filter({ hasText: ADMIN.name })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: "Review", exact: true })).toHaveCount(0);
    await expect(agreementSection(page).getByRole("table", { name: "Judge agreement with people, per criterion" })).toBeVisible();
  } finally {
    await viewer.close();
  }
});
