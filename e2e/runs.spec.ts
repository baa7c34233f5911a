import { expect, test } from "./fixtures/admin-page";

test("a new criterion is used in a run on the demo data, which finishes in the browser", async ({ page }) => {
  const criterion = "Tool call fails if an argument is missing or has the wrong type";
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill(criterion);
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" }).click();
  await page.getByRole("link", { name: "New run" }).click();
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel("Name").fill("E2E run");
  await run.getByLabel(criterion).check();
  await run.getByLabel(/Reward tool calls that select appropriate tools and provide accurate parameters/).check();
  await run.getByLabel(/^Both/).check();
  await expect(run.getByLabel(/Built-in checks/)).toBeChecked();
  await run.getByRole("button", { name: "Start run" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "E2E run" })).toBeVisible();
  const progress = page.getByRole("region", { name: "Progress" });
  // The worker inside the server judges every call; the page follows it live until it is done.
  await expect(progress.getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute("aria-valuenow", "100");

  const summary = page.getByRole("table", { name: "Results per criterion" });
  await expect(summary.getByRole("row")).toHaveCount(1 + 2 * 2);
  // Each rate beside a small bar of its verdicts with the rate's interval, and the charts a link away.
  await expect(summary.getByRole("img", { name: /pass \d+, fail \d+, n\/a \d+, error \d+/ })).toHaveCount(2 * 2);
  await expect(page.getByRole("link", { name: /^Charts: distributions/ })).toHaveAttribute("href", /\/runs\/[^/]+\/charts$/);
  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  await expect(calls.locator("tbody tr").first()).toBeVisible();
  await expect(calls.getByText("fail").first()).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Runs" }).click();
  await expect(page.getByRole("table", { name: "Runs" }).getByRole("link", { name: "E2E run" })).toBeVisible();
});

test("a run needs a criterion, and a judge that is not configured is shown as such", async ({ page }) => {
  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await expect(run.getByRole("button", { name: "Start run" })).toBeDisabled();
  await expect(run.getByLabel(/Anthropic/)).toBeDisabled();
  await expect(run).toContainText("not configured: set ANTHROPIC_API_KEY");
});
