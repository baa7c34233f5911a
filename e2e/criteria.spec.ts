import { expect, test } from "@playwright/test";

test("a criterion is validated as it is typed, added, edited, archived and restored", async ({ page }) => {
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  const field = form.getByLabel("Criterion");

  await field.fill("Rewards tool calls that use the user's city");
  await expect(form).toContainText("Reward tool calls");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("Tool call fails if the date argument is in the past");
  await expect(form).toContainText("Fails if · pass/fail");
  await expect(field).toHaveAttribute("aria-invalid", "false");
  await form.getByLabel(/Title/).fill("No past dates");
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");
  await expect(field).toHaveValue("");

  const list = page.getByRole("list", { name: "Criteria" });
  const item = list.getByRole("listitem", { name: "No past dates" });
  await expect(item).toContainText("Not used by any run yet");

  await item.getByRole("button", { name: "Edit" }).click();
  await item.getByLabel("Criterion").fill("Tool call fails if the date argument is before today");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item).toContainText("Tool call fails if the date argument is before today");

  await item.getByRole("button", { name: "Archive" }).click();
  await expect(list.getByRole("listitem", { name: "No past dates" })).toHaveCount(0);
  await page.getByRole("link", { name: /Show archived criteria/ }).click();
  await list.getByRole("listitem", { name: "No past dates" }).getByRole("button", { name: "Restore" }).click();
  await expect(list.getByRole("listitem", { name: "No past dates" })).toContainText("Restored.");
  await page.goto("/criteria");
  await expect(list.getByRole("listitem", { name: "No past dates" })).toBeVisible();
});

test("a duplicate criterion is refused with a reason", async ({ page }) => {
  await page.goto("/criteria");
  const existing = (await page.getByRole("list", { name: "Criteria" }).getByRole("listitem").first().locator("p").first().textContent()) ?? "";
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill(existing);
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("This criterion already exists.");
});

test("library criteria are added in one click", async ({ page }) => {
  await page.goto("/criteria");
  const library = page.getByRole("region", { name: "Library" });
  const addAll = library.getByRole("button", { name: /Add all/ });
  await addAll.click();
  await expect(library.getByRole("status")).toContainText("added");
  await expect(addAll).toHaveText("Add all (0)");
  await expect(page.getByRole("list", { name: "Criteria" })).toContainText("Reward tool calls that select the most appropriate of the offered tools");
});

test("each criterion says what the built-in judge will measure, and which it cannot", async ({ page }) => {
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill("Reward tool calls that are polite and witty");
  await form.getByLabel(/Title/).fill("Witty calls");
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");

  const list = page.getByRole("list", { name: "Criteria" });
  const witty = list.getByRole("listitem", { name: "Witty calls", exact: true }).getByTestId("checks-plan");
  await expect(witty).toContainText("not measurable, use an LLM judge");
  await witty.locator("summary").click();
  await expect(witty).toContainText('every call would be "not applicable"');

  await form.getByLabel("Criterion").fill("Penalize tool calls that fail with an error");
  await form.getByLabel(/Title/).fill("Calls that error");
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");
  const errors = list.getByRole("listitem", { name: "Calls that error", exact: true }).getByTestId("checks-plan");
  await errors.locator("summary").click();
  await expect(errors).toContainText("Tool error");
  await expect(errors).toContainText("only when something predicts the outcome");
});
