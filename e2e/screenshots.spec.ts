import { expect, test } from "./fixtures/admin-page";
import { judgeFirstDay, uploadThroughApi } from "./fixtures/first-day-run";
import { longTranscripts } from "./fixtures/long-transcripts";

/*
 * The README's screenshots at 1440×900, taken from a real run of long multi-turn transcripts on nine
 * criteria (e2e/first-day.spec.ts checks the same pages): `npm run docs:screenshot`.
 * Skipped in the normal suite; the pages themselves are tested by the other specs.
 */
test.skip(!process.env.README_SCREENSHOT, "Screenshots for the README: npm run docs:screenshot");

test("the run page, a tool call, a transcript, a review item and the charts of a first day's run", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const uploadId = await uploadThroughApi(request, "airline-agent.jsonl", longTranscripts(12, "shots"));
  const runId = await judgeFirstDay(request, uploadId, "Airline agent, nine criteria");

  await page.goto(`/runs/${runId}`);
  await expect(page.getByRole("table", { name: "Tool calls in this run" })).toBeVisible();
  await page.screenshot({ path: "docs/run-page.png" });

  await page.goto(`/runs/${runId}?changed=1`);
  await page.locator(`a[href^="/runs/${runId}/calls/"]`).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Call #\d+ · / })).toBeVisible();
  await page.screenshot({ path: "docs/tool-call.png" });

  await page.getByRole("link", { name: "Open the transcript" }).click();
  await expect(page.getByRole("list", { name: /^Verdicts from / }).first()).toBeVisible();
  await page.screenshot({ path: "docs/transcript.png" });

  await page.goto(`/runs/${runId}/charts`);
  await expect(page.getByRole("img", { name: /^Pass rate by tool/ }).first()).toBeVisible();
  await page.getByRole("heading", { name: /^Pass rate by tool/ }).first().evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: "docs/charts.png" });

  await page.goto(`/review/new?runId=${runId}`);
  const build = page.getByRole("form", { name: "Build a review queue" });
  await build.getByLabel("Queue name").fill("Airline agent review");
  await build.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Airline agent review" })).toBeVisible();
  await page.getByRole("table", { name: "Queue items" }).locator("tbody tr").first().getByRole("link").first().click();
  await expect(page.getByTestId("reviewed-criterion")).toBeVisible();
  await page.screenshot({ path: "docs/review-item.png" });
});
