import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { parseCsv } from "../lib/platform/csv";
import { pressKey } from "./fixtures/keys";

const SELECTS = "Reward tool calls that select appropriate tools and provide accurate parameters";
const IDENTIFIERS = "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result";

const COLUMNS = [
  ...["run_id", "transcript_id", "transcript_name", "model", "task_id", "trial", "tags", "reward", "success", "call_ordinal", "call_id", "tool_call_id", "tool", "arguments"],
  ...["criterion_id", "criterion", "mode", "status", "score", "passed", "passed_from", "explanation", "findings", "judge", "latency_ms", "error", "scope"],
  // A person's review of the result, apart from the judge's values (empty here: nobody reviewed this run).
  ...["human_review_status", "human_verdict", "human_passed", "human_score", "human_label", "human_reviewer", "human_reviewed_at"],
];

test.describe.configure({ mode: "serial" });

let runId = "";

/** A run of two demo criteria in both modes, judged by the built-in checks; returns once it is done. */
async function startBothModeRun(page: Page): Promise<string> {
  await page.goto("/runs/new");
  const form = page.getByRole("form", { name: "New run" });
  await form.getByLabel("Name").fill("Results E2E");
  await form.getByLabel(SELECTS).check();
  await form.getByLabel(IDENTIFIERS).check();
  await form.getByLabel(/^Both/).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Results E2E" })).toBeVisible();
  await expect(page).toHaveURL(/\/runs\/(?!new$)[^/?]+$/);
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  expect(id).not.toBe("");
  // The API, not the run page, says when it is done: this spec is about the pages that follow.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${id}/progress`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");
  return id;
}

/** The first call whose verdict flipped, by the run page's link when it has one, else by URL. */
async function openFirstFlippedCall(page: Page, id: string) {
  await page.goto(`/runs/${id}?changed=1`);
  const link = page.locator(`a[href^="/runs/${id}/calls/"]`).first();
  if (await link.count()) {
    await link.click();
    return;
  }
  const exported = await page.request.get(`/api/runs/${id}/export?format=jsonl&changed=1`);
  const first = JSON.parse((await exported.text()).split("\n")[0]) as { tool_call_id: string };
  await page.goto(`/runs/${id}/calls/${first.tool_call_id}?changed=1`);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * The verdicts come before the conversation (issue 36): beside it on a wide screen, where they stay
 * in view to the bottom of the page, and above it on a phone; neither scrolls sideways.
 */
async function verdictsFirst(page: Page) {
  const summary = page.getByTestId("verdict-summary");
  const firstMessage = page.locator('section[aria-labelledby="call-heading"] > :not(h2)').first();
  const top = async () => ({ summary: (await summary.boundingBox())?.y ?? Infinity, conversation: (await firstMessage.boundingBox())?.y ?? -Infinity });

  await page.setViewportSize({ width: 1440, height: 900 });
  // The column scrolls on its own when taller than the screen; from its top, as the page opens.
  await summary.evaluate((element) => element.scrollTo(0, 0));
  const wide = await top();
  expect(wide.summary).toBeLessThan(wide.conversation);
  expect(await pageWidth(page)).toBe(1440);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(summary.getByRole("heading", { level: 2, name: /^Results/ })).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const narrow = await top();
  expect(narrow.summary).toBeLessThan(narrow.conversation);
  expect(await pageWidth(page)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a tool call's immediate and hindsight results side by side, with j/k through the flipped calls", async ({ page }) => {
  test.setTimeout(120_000);
  runId = await startBothModeRun(page);
  await openFirstFlippedCall(page, runId);

  await expect(page.getByRole("heading", { level: 1, name: /^Call #\d+ · / })).toBeVisible();
  const position = page.getByTestId("call-position");
  await expect(position).toHaveText(/^Call 1 of \d+ in the list$/);
  const total = Number((await position.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(1);

  // The call and its response, with the transcript around it folded away.
  await expect(page.getByRole("region", { name: "Tool response" }).first()).toBeVisible();
  // The messages next to the call are open; the rest of a long transcript is folded.
  await expect(page.getByRole("region", { name: "Just before the call" })).toBeVisible();
  // An error response is shown as one, never in a success's green.
  for (const response of await page.locator('[data-response="error"]').all()) await expect(response).toContainText(/^(Error|Failed)/);
  // Identical explanations are not printed twice, and empty finding panes are left out.
  await expect(page.getByText("The explanations are identical.")).toHaveCount(0);
  await expect(page.getByText("None.", { exact: true })).toHaveCount(0);

  const results = page.getByRole("region", { name: IDENTIFIERS });
  await expect(results.getByTestId("verdict-flipped")).toHaveText(/^Verdict flipped: (pass → fail|fail → pass)$/);
  await expect(results.getByTestId("explanation-immediate")).not.toBeEmpty();
  await expect(results.getByTestId("explanation-hindsight")).not.toBeEmpty();
  // The word diff repeats both explanations, so it waits behind its summary.
  await results.getByText("What changed in the explanation").click();
  const diff = results.getByTestId("word-diff");
  await expect(diff).toBeVisible();
  await expect(diff.locator("ins").first()).toBeVisible();
  // A flip is explained by the findings: one added or removed in hindsight, or one whose severity changed.
  const changedFinding = results
    .getByRole("region", { name: /^(Added|Removed) in hindsight: [1-9]/ })
    .or(results.getByText(/^Immediately:/));
  await expect(changedFinding.first()).toBeVisible();
  await expect(page.getByText("Keys:")).toBeVisible();
  await verdictsFirst(page);

  const first = page.url();
  await pressKey(page, "j");
  await expect(position).toHaveText(`Call 2 of ${total} in the list`);
  expect(page.url()).not.toBe(first);
  expect(new URL(page.url()).searchParams.get("changed")).toBe("1");
  await pressKey(page, "k");
  await expect(position).toHaveText(`Call 1 of ${total} in the list`);
  expect(page.url()).toBe(first);
  await expect(page.getByRole("link", { name: "← Previous" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(position).toHaveText(`Call 2 of ${total} in the list`);
});

test("two criteria side by side, with their agreement and the calls where they disagree", async ({ page }) => {
  // Serial mode skips this when the earlier test fails; if it passed, what it left must be here.
  expect(runId, "the run opened by the first test").not.toBe("");
  // One round: picking the run lists its criteria at once, and one press of Compare shows them.
  await page.goto("/runs/compare");
  const form = page.getByRole("form", { name: "Choose what to compare" });
  await form.getByLabel("Run", { exact: true }).selectOption(runId);
  await form.getByLabel(SELECTS).check();
  await form.getByLabel(IDENTIFIERS).check();
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/criterion=.*criterion=/);

  const agreement = page.getByRole("table", { name: "Agreement between the compared criteria" });
  await expect(agreement.getByTestId("agreement-rate")).toHaveText(/^\d+% \(\d+ of \d+\)$/);
  const calls = page.getByRole("table", { name: "Criteria side by side" });
  await expect(calls.locator("tbody tr").first()).toBeVisible();

  await form.getByLabel("Only calls where they disagree").check();
  await form.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/disagree=1/);
  const rows = calls.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const verdicts = await rows.locator("td:last-child").allTextContents();
  expect(verdicts.every((text) => text === "disagree")).toBe(true);
});

test("the run's results download as CSV, one row per call × criterion × mode", async ({ page }) => {
  // Serial mode skips this when the earlier test fails; if it passed, what it left must be here.
  expect(runId, "the run opened by the first test").not.toBe("");
  const summary = (await (await page.request.get(`/api/runs/${runId}/export?format=summary`)).json()) as { run: { total: number }; calls: number; criteria: unknown[] };
  expect(summary.run.total).toBe(summary.calls * 2 * 2);
  expect(summary.criteria).toHaveLength(2);

  // The transcript page's call cards carry their verdicts from a run, each a link to the result.
  const exported = await page.request.get(`/api/runs/${runId}/export?format=jsonl`);
  const record = JSON.parse((await exported.text()).split("\n")[0]) as { transcript_id: string; tool_call_id: string; call_ordinal: number };
  await page.goto(`/transcripts/${record.transcript_id}?run=${runId}`);
  const card = page.getByRole("article", { name: new RegExp(`^Tool call ${record.call_ordinal}: `) });
  const chips = card.getByRole("list", { name: "Verdicts from Results E2E" });
  // A chip per criterion, its immediate and its hindsight verdict side by side.
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("link").first()).toHaveAccessibleName(/immediate:.*hindsight:/);
  await chips.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/calls/${record.tool_call_id}#criterion-[^/]+$`));

  // The run page links its charts.
  await page.goto(`/runs/${runId}`);
  await page.getByRole("navigation", { name: "Run tools" }).getByRole("link", { name: "Charts" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/charts$`));
  await expect(page.getByRole("table", { name: `Flip matrix: ${IDENTIFIERS}` })).toBeVisible();
  // Tool names in full, the counts inside the chart, and an interval for every rate.
  const byTool = page.getByRole("img", { name: /^Pass rate by tool/ });
  await expect(byTool.getByTestId("tool-rate").first()).toBeVisible();
  await expect(byTool).toHaveAttribute("aria-label", /95% interval \d+%–\d+%/);
  for (const row of await byTool.getByTestId("tool-rate").all()) {
    const [name, track] = [row.locator("span").first(), row.locator("span").nth(1)];
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    const [chart, text] = [await byTool.boundingBox(), await row.getByTestId("tool-rate-count").boundingBox()];
    expect(text && chart && text.x + text.width <= chart.x + chart.width + 1).toBe(true);
    expect(await track.evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(300);
  }
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Results-E2E-.+\.csv$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [header, ...rows] = parseCsv(Buffer.concat(chunks).toString("utf8"));
  expect(header).toEqual(COLUMNS);
  expect(rows).toHaveLength(summary.run.total);
  expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([runId]));

  const flipped = await page.request.get(`/api/runs/${runId}/export?format=csv&changed=1`);
  expect(flipped.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
  const flippedRows = parseCsv(await flipped.text()).slice(1);
  expect(flippedRows.length).toBeGreaterThan(0);
  expect(flippedRows.length).toBeLessThan(rows.length);
  expect(flippedRows.length % 4).toBe(0);
});
