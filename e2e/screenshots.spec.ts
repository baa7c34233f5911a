import { expect, test } from "@playwright/test";

/*
 * The README's screenshots at 1440×900, taken from a real run: `npm run docs:screenshot`.
 * Skipped in the normal suite; the pages themselves are tested by the other specs.
 */
test.skip(!process.env.README_SCREENSHOT, "Screenshots for the README: npm run docs:screenshot");
test.describe.configure({ mode: "serial" });

const SIX = [
  "Reward tool calls that select appropriate tools and provide accurate parameters",
  "Reward tool calls whose result is used correctly in the assistant's next reply",
  "Penalize tool calls that repeat a failed call with the same arguments",
  "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
  "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result",
  "Tool call fails if an argument contains a value the user never provided",
];

test("the run page with six criteria, a tool call, a review item and the charts", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/runs/new");
  const form = page.getByRole("form", { name: "New run" });
  await form.getByLabel("Name").fill("Six criteria, both modes");
  for (const criterion of SIX) await form.getByLabel(criterion).check();
  await form.getByLabel(/^Both/).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/(?!new$)[^/?]+$/);
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${runId}/progress`)).json()) as { status: string }).status, { timeout: 120_000 })
    .toBe("done");

  await page.goto(`/runs/${runId}`);
  const table = page.getByRole("table", { name: "Tool calls in this run" });
  await expect(table).toBeVisible();
  // The calls table is the point of this picture: scroll it to the top of the window.
  await page.getByRole("search", { name: "Filter tool calls" }).evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "docs/run-page.png" });

  await page.goto(`/runs/${runId}?changed=1`);
  await page.locator(`a[href^="/runs/${runId}/calls/"]`).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Call #\d+ · / })).toBeVisible();
  await page.screenshot({ path: "docs/tool-call.png" });

  await page.goto(`/runs/${runId}/charts`);
  await expect(page.getByRole("img", { name: /^Pass rate by tool/ })).toBeVisible();
  await page.getByRole("heading", { name: /^Pass rate by tool/ }).evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "docs/charts.png" });

  await page.goto(`/review/new?runId=${runId}`);
  const build = page.getByRole("form", { name: "Build a review queue" });
  await build.getByLabel("Queue name").fill("Six criteria review");
  await build.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Six criteria review" })).toBeVisible();
  await page.getByRole("table", { name: "Queue items" }).locator("tbody tr").first().getByRole("link").first().click();
  await expect(page.getByTestId("reviewed-criterion")).toBeVisible();
  await page.screenshot({ path: "docs/review-item.png" });
});
