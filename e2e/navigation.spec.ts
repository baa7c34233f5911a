import { expect, test } from "./fixtures/admin-page";

test("the home page summarises the demo data and the navigation reaches every section", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const transcripts = page.getByTestId("stat-transcripts");
  await expect(transcripts).not.toHaveText("0");
  await expect(page.getByTestId("stat-tool-calls")).not.toHaveText("0");
  await expect(page.getByTestId("stat-criteria")).not.toHaveText("0");

  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "Transcripts" }).click();
  await expect(page).toHaveURL(/\/transcripts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Transcripts" })).toBeVisible();
  const table = page.getByRole("table", { name: "Transcripts" });
  await expect(table.getByRole("link", { name: /weather/i }).first()).toBeVisible();
  await expect(nav.getByRole("link", { name: "Transcripts" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Criteria" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Criteria" })).toBeVisible();
  await expect(page.getByText(/^Reward tool calls/).first()).toBeVisible();
  await expect(page.getByText(/^Tool call passes if/).first()).toBeVisible();

  await nav.getByRole("link", { name: "Runs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Runs" })).toBeVisible();

  await nav.getByRole("link", { name: "Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();

  await page.getByRole("link", { name: "Callboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The README's screenshot is taken here, from the real app with the demo data.
  await page.screenshot({ path: process.env.README_SCREENSHOT ? "docs/screenshot.png" : "test-results/overview.png", fullPage: true });
});

test("below 640 px the header folds into a menu that fits the screen, and folds again once a link is followed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("group", { name: "Account" }).getByRole("button", { name: "Sign out" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await nav.getByRole("link", { name: "Runs" }).click();
  await expect(page).toHaveURL(/\/runs$/);
  await expect(nav).toBeHidden();

  // On a wide screen the sections are in the header, with no menu.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(menu).toBeHidden();
  await expect(nav).toBeVisible();
});

test("the transcripts table sorts and filters on the server, and the view lives in the URL", async ({ page }) => {
  await page.goto("/transcripts");
  const table = page.getByRole("table", { name: "Transcripts" });
  await table.getByRole("button", { name: /Tool calls/ }).click();
  await expect(page).toHaveURL(/sort=toolCallCount/);
  await page.getByRole("combobox", { name: /Warnings/ }).selectOption("yes");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/warnings=yes/);
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  // The Warnings column's position, read from the header: metadata columns come before it.
  const headers = await table.locator("thead th").allTextContents();
  const warningsColumn = headers.findIndex((text) => text.trim().startsWith("Warnings")) + 1;
  expect(warningsColumn).toBeGreaterThan(0);
  const warningCells = await rows.locator(`td:nth-child(${warningsColumn})`).allTextContents();
  expect(warningCells.every((text) => Number(text) > 0)).toBe(true);
});

test("an unknown address shows a page that leads back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the overview" })).toBeVisible();
});

test("the overview's latest uploads open their transcripts, and the site has an icon", async ({ page }) => {
  await page.goto("/");
  const uploads = page.getByRole("region", { name: "Latest uploads" });
  const first = uploads.getByRole("link").first();
  // The demo data arrives as an upload, so there is always one to open.
  await first.click();
  await expect(page).toHaveURL(/\/transcripts\?upload=/);
  await expect(page.getByText("Showing one upload only.")).toBeVisible();

  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/");
});

test("a tool's error response is shown as an error, a success as a success", async ({ page }) => {
  await page.goto("/transcripts?q=damaged%20blender");
  await page.getByRole("table", { name: "Transcripts" }).getByRole("link", { name: /damaged blender refund/ }).first().click();
  const failed = page.locator('[data-response="error"]').filter({ hasText: "ORDER_NOT_FOUND" }).first();
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("Error: the tool refused the call");
  await expect(page.locator('[data-response="ok"]').first()).not.toContainText("Error");
});
