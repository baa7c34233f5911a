import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";

/** Stored criteria (archived included) and runs: a preview must change neither. */
async function storedCounts(page: Page): Promise<{ criteria: number; runs: number }> {
  await page.goto("/criteria?archived=1");
  const criteria = await page.getByRole("list", { name: "Criteria" }).locator("> li").count();
  await page.goto("/runs");
  const pager = await page.getByText(/[\d,]+ in all/).first().textContent({ timeout: 2_000 }).catch(() => null);
  return { criteria, runs: pager ? Number(pager.replace(/,/g, "").match(/\d+/)?.[0]) : 0 };
}

const MEASURABLE = "Tool call fails if an argument is missing or has the wrong type";
const UNMEASURABLE = "Reward tool calls that are witty";

test("a criterion being written says what it will be measured by, and is previewed on five calls without being stored", async ({ page }) => {
  const before = await storedCounts(page);
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill(MEASURABLE);
  const measuredBy = form.getByTestId("measured-by");
  await expect(measuredBy).toContainText("Measured by the built-in checks on");
  await expect(measuredBy).toContainText("schema violation");
  await expect(measuredBy).toContainText("Partly depends on the tool's response: tool error only in hindsight");
  await expect(form.getByRole("alert")).toHaveCount(0);

  await form.getByRole("button", { name: "Preview on 5 calls" }).click();
  const results = form.getByRole("table", { name: "Preview results" });
  // Five calls, each in both views.
  await expect(results.locator("tbody tr")).toHaveCount(10);
  await expect(results.getByText(/^(pass|fail)$/).first()).toBeVisible();
  await expect(results.locator("tbody tr").first()).toContainText(/Measured .* checks \(.*schema-violation/);
  await expect(form.getByRole("status").filter({ hasText: "checks on 5 calls" })).toContainText("Not stored.");
  // The calls shown are ones the criterion applies to, found by the built-in checks among more recent ones.
  await expect(form.getByTestId("preview-choice")).toHaveText(/^All 5 calls shown are ones the criterion applies to, found among the \d+ most recent calls read by the built-in checks\.$/);

  // A criterion nothing measures is flagged as it is typed, and its preview is all n/a.
  await form.getByLabel("Criterion").fill(UNMEASURABLE);
  await expect(results).toHaveCount(0);
  await expect(form.getByRole("alert")).toHaveText("The built-in judge cannot measure this criterion: every result would be not applicable. Try an LLM judge or rephrase it.");
  await form.getByRole("button", { name: "Preview on 5 calls" }).click();
  await expect(results.locator("tbody tr")).toHaveCount(10);
  await expect(results.getByText("n/a", { exact: true })).toHaveCount(10);
  await expect(form.getByTestId("preview-choice")).toHaveText(/^The built-in checks do not measure this criterion, so nothing tells which calls it applies to/);

  // An LLM judge the server has no key for: what it would do, why it cannot, and no paid click.
  await form.getByLabel("Judge").selectOption({ label: "Anthropic (not configured)" });
  await expect(measuredBy).toContainText("Judged by Anthropic");
  await expect(form.getByRole("alert")).toContainText("not configured on this server: set ANTHROPIC_API_KEY");
  await expect(form.getByRole("button", { name: "Preview on 5 calls" })).toBeDisabled();

  // Rewording a stored criterion says the same before it is saved; cancelling keeps the old text.
  const item = page.getByRole("list", { name: "Criteria" }).locator("> li").first();
  await item.getByRole("button", { name: "Edit" }).click();
  await item.getByLabel("Criterion").fill(UNMEASURABLE);
  await expect(item.getByTestId("measured-by")).toContainText("Measured by nothing: no built-in check applies.");
  await expect(item.getByRole("alert")).toContainText("The built-in judge cannot measure this criterion");
  await item.getByRole("button", { name: "Cancel" }).click();
  await expect(item.getByTestId("measured-by")).toHaveCount(0);

  expect(await storedCounts(page)).toEqual(before);
});

test("the new-run form shows what each chosen criterion will be measured by, warns before starting, and previews on the selected calls", async ({ page }) => {
  // A criterion the built-in judge cannot measure, stored on purpose before counting.
  await page.goto("/criteria");
  const criteriaForm = page.getByRole("form", { name: "New criterion" });
  await criteriaForm.getByLabel("Criterion").fill("Tool call passes if the agent thanks the customer politely");
  await criteriaForm.getByLabel(/Title/).fill("Thanks the customer");
  await criteriaForm.getByRole("button", { name: "Add criterion" }).click();
  await expect(criteriaForm.getByRole("status")).toHaveText(/Criterion added\.|This criterion already exists\./);
  const before = await storedCounts(page);

  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel(/Penalize tool calls whose arguments do not match the tool's JSON Schema/).check();
  const plan = run.getByRole("region", { name: "What will be measured" });
  await expect(plan.getByTestId("measured-by")).toHaveCount(1);
  await expect(plan).toContainText("Measured by the built-in checks on");
  await expect(run.getByRole("alert")).toHaveCount(0);

  await run.getByLabel(/Thanks the customer/).check();
  await expect(plan.getByTestId("measured-by")).toHaveCount(2);
  // Politeness is meaning: no rule reads it, and the form says which judges do.
  await expect(plan.getByRole("alert")).toHaveText(
    "The built-in judge cannot read helpfulness and tone: every result would be not applicable. Choose an LLM judge (OpenAI-compatible or Anthropic) for this criterion.",
  );
  await expect(run.getByRole("alert").last()).toContainText("One chosen criterion cannot be measured by Built-in checks in this mode");
  // With only that criterion chosen, the run would have no verdict at all.
  await run.getByLabel(/Penalize tool calls whose arguments do not match the tool's JSON Schema/).uncheck();
  await expect(run.getByRole("alert").last()).toContainText("Built-in checks measures none of the chosen criteria in this mode");
  await run.getByLabel(/Penalize tool calls whose arguments do not match the tool's JSON Schema/).check();

  await run.getByLabel("One upload").check();
  // The demo data's upload: the latest one may be another spec's, with fewer than five calls.
  // Its accessible name is "Upload" followed by the chosen option.
  const upload = run.getByRole("combobox", { name: /^Upload/ });
  await upload.selectOption((await upload.locator("option", { hasText: "· demo · " }).getAttribute("value")) ?? "");
  await run.getByLabel(/^Immediate/).check();
  await plan.getByRole("button", { name: "Preview on 5 calls" }).click();
  const results = plan.getByRole("table", { name: "Preview results" });
  // Five calls × two criteria, immediate only.
  await expect(results.locator("tbody tr")).toHaveCount(10);
  await expect(results.getByRole("columnheader", { name: "Criterion" })).toBeVisible();
  await expect(results.locator("tbody tr").filter({ hasText: "thanks the customer politely" }).getByText("n/a", { exact: true })).toHaveCount(5);
  await expect(results.locator("tbody tr").filter({ hasText: "JSON Schema" }).getByText(/^(pass|fail|n\/a|[01]\.\d\d)$/)).toHaveCount(5);
  await expect(results.getByText("hindsight", { exact: true })).toHaveCount(0);

  // Changing the mode hides results that no longer match the form.
  await run.getByLabel(/^Hindsight/).check();
  await expect(results).toHaveCount(0);

  expect(await storedCounts(page)).toEqual(before);
});
