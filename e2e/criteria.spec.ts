import { expect, test } from "./fixtures/admin-page";

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
  // Tone is meaning: the built-in judge says it does not measure it, and which judge does.
  await expect(witty).toContainText("Built-in judge: not measured (helpfulness and tone needs an LLM judge)");
  await witty.locator("summary").click();
  await expect(witty).toContainText('Every call would be "not applicable"');
  await expect(witty).toContainText("choose OpenAI-compatible or Anthropic");

  await form.getByLabel("Criterion").fill("Penalize tool calls that fail with an error");
  await form.getByLabel(/Title/).fill("Calls that error");
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect(form.getByRole("status")).toHaveText("Criterion added.");
  const errors = list.getByRole("listitem", { name: "Calls that error", exact: true }).getByTestId("checks-plan");
  await errors.locator("summary").click();
  await expect(errors).toContainText("Tool error");
  await expect(errors).toContainText("only when something predicts the outcome");
});

test.describe("a criterion over the 2,000-character limit", () => {
  const limit = "A criterion is at most 2,000 characters.";
  // 1 MB: past the 1 MB a server action takes, where Next used to answer a bare 500.
  const oversized = `Reward tool calls that ${"x".repeat(1024 * 1024)}`;
  const isActionPost = (request: { method(): string; headers(): Record<string, string> }) => request.method() === "POST" && "next-action" in request.headers();

  test("is refused in the browser with the field's message and never sent, in the new and the edit form", async ({ page }) => {
    await page.goto("/criteria");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (isActionPost(request)) posts.push(request.url());
    });
    const form = page.getByRole("form", { name: "New criterion" });
    const field = form.getByLabel("Criterion");
    await field.fill(oversized);
    await expect(form).toContainText(limit);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await form.getByRole("button", { name: "Add criterion" }).click();
    await expect(form).toContainText(limit);
    // A text at the limit is taken again as it is typed.
    await field.fill(`Reward tool calls that ${"y".repeat(1900)}`);
    await expect(form).not.toContainText(limit);
    await expect(field).toHaveAttribute("aria-invalid", "false");

    const item = page.getByRole("list", { name: "Criteria" }).getByRole("listitem").first();
    await item.getByRole("button", { name: "Edit" }).click();
    await item.getByLabel("Criterion").fill(oversized);
    await expect(item).toContainText(limit);
    await item.getByRole("button", { name: "Save" }).click();
    await expect(item).toContainText(limit);
    await expect(item.getByRole("button", { name: "Save" })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("sent anyway (a browser that does not check), is answered with a 413 and the form shows the field's message", async ({ page }) => {
    await page.goto("/criteria");
    const form = page.getByRole("form", { name: "New criterion" });
    await form.getByLabel("Criterion").fill(oversized);
    await form.evaluate((element) => {
      (element as HTMLFormElement).noValidate = true;
    });
    const answered = page.waitForResponse((response) => isActionPost(response.request()));
    await form.getByRole("button", { name: "Add criterion" }).click();
    const response = await answered;
    expect(response.status()).toBe(413);
    await expect(form.getByRole("status")).toHaveText(limit);
    await expect(form.getByLabel("Criterion")).toHaveAttribute("aria-invalid", "true");
    // The page goes on working: a valid criterion is added next.
    await form.getByLabel("Criterion").fill("Tool call passes if the city argument is spelled as the user spelled it");
    await form.getByRole("button", { name: "Add criterion" }).click();
    await expect(form.getByRole("status")).toHaveText("Criterion added.");
  });

  test("posted straight to the page, gets a 413 with a sentence instead of a 500", async ({ request }) => {
    const answer = await request.post("/criteria", {
      headers: { "next-action": "7f".repeat(21), "content-type": "text/plain;charset=UTF-8" },
      data: JSON.stringify([null, oversized]),
    });
    expect(answer.status()).toBe(413);
    expect(answer.headers()["content-type"]).toBe("text/plain");
    expect(await answer.text()).toBe("The form sent more than 1 MB, more than any form here takes: shorten what you entered and send it again.");
  });
});
