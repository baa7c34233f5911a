import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";

const USED_RESULT = "Reward tool calls whose result is used correctly in the assistant's next reply";
const IDENTIFIERS = "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result";

async function startRun(page: Page, name: string, criteria: string[], mode: RegExp) {
  await page.goto("/runs/new");
  const form = page.getByRole("form", { name: "New run" });
  await form.getByLabel("Name").fill(name);
  for (const criterion of criteria) await form.getByLabel(criterion).check();
  await form.getByLabel(mode).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("a both-mode run's results can be filtered to flips, sorted by score, trimmed and searched", async ({ page }) => {
  test.setTimeout(120_000);
  await startRun(page, "E2E results", [USED_RESULT, IDENTIFIERS], /^Both/);
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });
  // The page reloads its results once the run ends; the demo data has calls whose response changes the verdict.
  const flippedLink = page.getByTestId("flipped-calls");
  await expect(flippedLink).toHaveText(/^[1-9]\d* calls? flipped/);
  const flipped = Number((await flippedLink.textContent())?.match(/^\d+/)?.[0]);

  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  const rows = calls.locator("tbody tr");
  const filters = page.getByRole("search", { name: "Filter tool calls" });
  const pager = page.getByRole("navigation", { name: "Tool calls in this run pages" });

  // Flipped calls only, through the filter control; the URL holds the view.
  await filters.getByLabel("Changed between immediate and hindsight").check();
  await expect(page).toHaveURL(/[?&]changed=1(&|$)/);
  await expect(pager).toContainText(new RegExp(`^${flipped} in all`));
  await expect(rows).toHaveCount(flipped);
  for (const row of await rows.all()) await expect(row).toContainText("verdict changed");
  // The view travels with a shared link, and with the links to a call and to the exports.
  await page.reload();
  await expect(filters.getByLabel("Changed between immediate and hindsight")).toBeChecked();
  await expect(rows).toHaveCount(flipped);
  await expect(rows.first().getByRole("link", { name: /^Call \d+ of / })).toHaveAttribute("href", /\/runs\/[^/]+\/calls\/[^?]+\?changed=1$/);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /\/api\/runs\/[^/]+\/export\?format=csv&changed=1$/);

  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/changed=/);
  // A number, not a substring: 8 flipped calls of 38 must not read as still filtered.
  await expect(pager).not.toContainText(new RegExp(`(^|\\D)${flipped} in all`));

  // Sort by the continuous criterion's score: hindsight scores come in ascending order, unscored last.
  const sortButton = calls.getByRole("button", { name: /^Sort by Reward · result is used/ });
  await sortButton.click();
  await expect(page).toHaveURL(/[?&]sort=score(&|$)/);
  await expect(page).toHaveURL(/[?&]criterion=/);
  await expect(calls.getByRole("columnheader", { name: /Reward · result is used/ })).toHaveAttribute("aria-sort", "ascending");
  const headers = await calls.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((text) => text.startsWith("Reward · result is used"));
  expect(column).toBeGreaterThan(0);
  const texts = await rows.locator(`td:nth-child(${column + 1})`).allTextContents();
  const scores = texts.map((text) => text.match(/hindsight:\s*(\d\.\d\d)/)?.[1]).map((value) => (value === undefined ? null : Number(value)));
  const scored = scores.filter((score): score is number => score !== null);
  expect(scored.length).toBeGreaterThan(1);
  expect(scored).toEqual([...scored].sort((a, b) => a - b));
  expect(scores.slice(scored.length).every((score) => score === null)).toBe(true);

  // Hide a column.
  await expect(calls.getByRole("columnheader", { name: "Arguments", exact: true })).toBeVisible();
  await page.getByText(/^Columns/).click();
  await page.getByRole("checkbox", { name: "Arguments", exact: true }).uncheck();
  await expect(page).toHaveURL(/[?&]hide=arguments(&|$)/);
  await expect(calls.getByRole("columnheader", { name: "Arguments", exact: true })).toHaveCount(0);

  // Search by tool name.
  await filters.getByRole("searchbox", { name: "Search" }).fill("lookup_order");
  await filters.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=lookup_order(&|$)/);
  await expect(pager).toContainText(/^\d+ in all/);
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) await expect(row).toContainText("lookup_order");
  // Hidden columns and the sort stay while filters change.
  await expect(page).toHaveURL(/hide=arguments/);
  await expect(page).toHaveURL(/sort=score/);
});

test("the runs list shows results per run, and two runs can be picked for comparison", async ({ page }) => {
  await startRun(page, "E2E compare A", [IDENTIFIERS], /^Immediate/);
  await startRun(page, "E2E compare B", [IDENTIFIERS], /^Immediate/);
  await page.goto("/runs");
  const runs = page.getByRole("table", { name: "Runs" });
  await expect(runs.getByRole("link", { name: "E2E compare A" })).toBeVisible();
  await expect(runs.getByRole("columnheader", { name: "Results" })).toBeVisible();

  const compare = page.getByRole("button", { name: "Compare selected runs" });
  await expect(compare).toBeDisabled();
  await runs.getByRole("checkbox", { name: "Select E2E compare A to compare" }).check();
  await runs.getByRole("checkbox", { name: "Select E2E compare B to compare" }).check();
  const link = page.getByRole("link", { name: "Compare selected runs" });
  await expect(link).toHaveAttribute("href", /^\/runs\/compare\?run=[^&]+&run=[^&]+$/);
  // A third run cannot join a comparison of two.
  const others = runs.getByRole("checkbox", { checked: false });
  if ((await others.count()) > 0) await expect(others.first()).toBeDisabled();
});

test("a run of six criteria fits: calls stay pinned while criteria scroll, headers tell criteria apart, filtered cells agree", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const six = [
    "Reward tool calls that select appropriate tools and provide accurate parameters",
    USED_RESULT,
    "Penalize tool calls that repeat a failed call with the same arguments",
    "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
    IDENTIFIERS,
    "Tool call fails if an argument contains a value the user never provided",
  ];
  await startRun(page, "E2E six criteria", six, /^Both/);
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });

  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  // Each header shows what tells its criterion apart, the whole text on hover.
  const headers = (await calls.getByRole("columnheader").allTextContents()).map((text) => text.replace(/[▲▼↕]/g, "").trim());
  for (const start of ["Passes if · the selected tool and every argument", "Passes if · every identifier in its arguments", "Fails if · an argument contains a value"]) {
    expect(headers.filter((header) => header.startsWith(start))).toHaveLength(1);
  }
  await expect(calls.getByRole("columnheader").getByTitle(IDENTIFIERS, { exact: true })).toHaveCount(1);

  // Wider than the window: a cue says so, and the call column stays in view while criteria scroll.
  const scroller = page.getByRole("region", { name: "Tool calls in this run, scrolls sideways" });
  await expect(page.getByTestId("scroll-cue")).toBeVisible();
  // Only the table scrolls, inside its box: nothing in it (labels for screen readers included) widens the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const callLink = calls.locator("tbody tr").first().getByRole("link", { name: /^Call \d+ of / });
  // The finished run's table may render again between two reads (a row replaced has no box): measure until a box is there.
  const leftOf = async () => (await callLink.boundingBox())?.x ?? null;
  let before: number | null = null;
  await expect.poll(async () => (before = await leftOf())).not.toBeNull();
  await page.getByRole("button", { name: "More columns to the right →" }).click();
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  await expect.poll(leftOf).toBeCloseTo(before ?? -1, 0);
  await expect(callLink).toBeInViewport();

  // With Verdict = Fail, every listed call shows a failing result, and the other results are muted.
  await page.getByRole("search", { name: "Filter tool calls" }).getByLabel("Verdict").selectOption("fail");
  await expect(page).toHaveURL(/[?&]verdict=fail(&|$)/);
  const rows = calls.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const matched = row.locator('[data-filter="match"]');
    expect(await matched.count()).toBeGreaterThan(0);
    for (const cell of await matched.all()) await expect(cell).toContainText(/fail|0\.[0-4]\d/);
  }
});
