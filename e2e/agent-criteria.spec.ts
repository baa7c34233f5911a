import { expect, test } from "./fixtures/admin-page";

test("an agent criterion is written on the criteria page, run through the new-run form, and its results shown per transcript", async ({ page }) => {
  const criterion = "Penalize agents that make redundant calls or leave tool errors unrecovered";
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill(criterion);
  // As it is typed: the scope, and the built-in agent checks that will measure it.
  await expect(form.getByText("Agent · per transcript")).toBeVisible();
  await expect(form.getByTestId("measured-by")).toContainText("Measured by the built-in agent checks");
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");
  await expect(page.getByRole("list", { name: "Criteria" }).getByRole("listitem", { name: criterion })).toContainText("Agent · per transcript");

  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel("Name").fill("E2E agent run");
  await run.getByLabel(criterion).check();
  await expect(run.getByLabel(/Built-in checks/)).toBeChecked();
  await run.getByRole("button", { name: "Start run" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "E2E agent run" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.reload();
  const section = page.getByRole("region", { name: "Agent-level results" });
  const perCriterion = section.getByRole("table", { name: "Agent-level results per criterion" });
  await expect(perCriterion.locator("tbody tr")).toHaveCount(1);
  await expect(perCriterion.locator("tbody tr")).toContainText(/\d\.\d\d/);
  // The tool calls come first; the agent-level list below them is folded under its count.
  const callsHeading = page.getByRole("heading", { level: 2, name: "Tool calls", exact: true });
  expect((await callsHeading.boundingBox())?.y ?? Infinity).toBeLessThan((await section.boundingBox())?.y ?? -Infinity);
  const results = section.getByRole("table", { name: "Agent-level results", exact: true });
  await expect(results).toBeHidden();
  await section.getByText(/^Each result \(\d+\)$/).click();
  await expect(results.locator("tbody tr").first()).toBeVisible();
  const first = results.locator("tbody tr").first();
  await expect(first).toContainText(criterion);
  await expect(first).toContainText(/Measured .* over \d+ calls?/);
  const transcriptLink = first.getByRole("link");
  const transcriptName = (await transcriptLink.textContent()) ?? "";
  await transcriptLink.click();

  await expect(page.getByRole("heading", { level: 1, name: transcriptName })).toBeVisible();
  const onTranscript = page.getByRole("region", { name: "Agent-level results" }).getByRole("table", { name: "Agent-level results", exact: true });
  const row = onTranscript.locator("tbody tr", { hasText: "E2E agent run" });
  await expect(row).toContainText(criterion);
  await expect(row.getByRole("link", { name: "E2E agent run" })).toBeVisible();
});
