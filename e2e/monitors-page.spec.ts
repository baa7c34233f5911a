import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminToken } from "./fixtures/api";
import { SIGNED_OUT } from "./fixtures/credentials";

const IDENTIFIERS = "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result";
// Transcripts are stored once per content: a stamp keeps this run's apart from earlier ones, and the monitor's tag filter from other specs' uploads.
const STAMP = Date.now().toString(36);
const TAG = `e2e-monitor-${STAMP}`;
const NAME = `E2E monitor ${STAMP}`;

/** Even transcripts look up the order the user gave (pass); odd ones an invented one (fail). */
function transcript(i: number) {
  const given = `ORD-4412${i}`;
  const looked = i % 2 === 0 ? given : `ORD-8000${i}`;
  return {
    messages: [
      { role: "user", content: `E2E monitor ${STAMP}: where is my order?` },
      { role: "assistant", content: "Which order number?" },
      { role: "user", content: `It is ${given}.` },
      { role: "assistant", content: null, tool_calls: [{ id: `mon${i}`, type: "function", function: { name: "lookup_order", arguments: JSON.stringify({ order_id: looked }) } }] },
      { role: "tool", tool_call_id: `mon${i}`, content: JSON.stringify({ order_id: looked, status: "shipped" }) },
      { role: "assistant", content: `Order ${looked} has shipped.` },
    ],
    tools: [{ type: "function", function: { name: "lookup_order", parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] } } }],
    metadata: { task_id: `e2e-monitor-task-${i}`, model: "e2e-monitor-model", tags: [TAG] },
  };
}

/** The page fits the window's width at a phone's and a desktop's width: nothing scrolls sideways but a table in its frame. */
async function expectNoSidewaysScroll(page: Page) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll at ${width} px on ${page.url()}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function upload(request: APIRequestContext, count: number) {
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(transcript(i))).join("\n");
  const response = await request.post("/api/transcripts?file=monitor.jsonl", { data: lines, headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${adminToken()}` } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test("a monitor made in the form judges new transcripts, its trend point opens the bucket's failing calls, and it is deleted keeping its run", async ({ page, playwright }) => {
  test.setTimeout(150_000);

  // The form: a typed criterion, a tag filter, an alert rule; a bad webhook is refused beside its field.
  await page.goto("/monitors");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Monitors" }).waitFor();
  await page.getByRole("link", { name: "New monitor" }).click();
  const form = page.getByRole("form", { name: "New monitor" });
  await form.getByRole("textbox", { name: "Name" }).fill(NAME);
  await form.getByRole("textbox", { name: /^New criteria/ }).fill(IDENTIFIERS);
  await form.getByRole("textbox", { name: /^Tag/ }).fill(TAG);
  // Before the tool answers, an invented order id is grounded in nothing: the built-in judge fails it.
  await form.getByRole("radio", { name: /^Immediate/ }).check();
  await form.getByRole("button", { name: "Add alert rule" }).click();
  const rule = form.getByRole("group", { name: "Alert rule 1" });
  await expect(rule.getByRole("combobox", { name: "Criterion" })).toHaveValue(IDENTIFIERS);
  await rule.getByRole("spinbutton", { name: /^Threshold/ }).fill("0.9");
  await rule.getByRole("textbox", { name: /^Window/ }).fill("10");
  await rule.getByRole("textbox", { name: "Webhook URL" }).fill("not a url");
  await expectNoSidewaysScroll(page);
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(rule.getByRole("textbox", { name: "Webhook URL" })).toHaveAttribute("aria-invalid", "true");
  await expect(rule.getByText(/expected an http or https URL/)).toBeVisible();
  await expect(form.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." })).toBeVisible();
  // A port nothing listens on: the post fails, and the history says so.
  await rule.getByRole("textbox", { name: "Webhook URL" }).fill("http://127.0.0.1:9/hook");
  // Edited since the refusal, the form no longer says to correct it.
  await expect(form.getByRole("alert").filter({ hasText: "Please correct the highlighted fields." })).toHaveCount(0);
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(page).toHaveURL(/\/monitors\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const monitorUrl = page.url();

  // In the list, with its filter in words.
  await page.goto("/monitors");
  const row = page.getByRole("table", { name: "Monitors" }).getByRole("row").filter({ hasText: NAME });
  await expect(row).toContainText(`all sources · tag ${TAG}`);
  await expect(row).toContainText("No alert firing");
  await expectNoSidewaysScroll(page);

  // Transcripts arrive through the API, as from a script: 2 pass, 2 fail.
  const api = await playwright.request.newContext({ baseURL: new URL(monitorUrl).origin, storageState: SIGNED_OUT });
  await upload(api, 4);
  await api.dispose();

  // The worker judges them and sums their hour: a point appears, named with its pass rate, hour and count.
  await page.goto(monitorUrl);
  const point = page.getByRole("link", { name: new RegExp(`^${IDENTIFIERS}: 50% pass rate, \\d{4}-\\d{2}-\\d{2} \\d{2}:00, 4 judged$`) });
  await expect(async () => {
    await page.reload();
    await expect(point).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  // 50% is below the rule's 90% over the last 10 results: the verdict at the top says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "1 alert firing" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Alert history" })).toContainText("firing");
  await expectNoSidewaysScroll(page);

  // The point opens the run page on that hour's failing calls.
  const href = (await point.getAttribute("href")) ?? "";
  const runPath = new URL(href, monitorUrl).pathname;
  await point.click();
  await expect(page).toHaveURL(/[?&]verdict=fail(&|$)/);
  await expect(page).toHaveURL(/[?&]from=[^&]+&to=/);
  const arrival = page.getByRole("group", { name: "Arrival time" });
  await expect(arrival).toContainText(/Calls that arrived \d+ \w+ \d{4} \d{2}:00–\d{2}:00 UTC/);
  const calls = page.getByRole("table", { name: "Tool calls in this run" }).locator("tbody tr");
  await expect(calls).toHaveCount(2);
  await arrival.getByRole("button", { name: "Clear arrival time" }).click();
  await expect(page).not.toHaveURL(/[?&]from=/);
  await expect(page).toHaveURL(/[?&]verdict=fail(&|$)/);

  // Deleted, keeping its run: gone from the list, the run and its results still there.
  await page.goto(monitorUrl);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("group", { name: `Delete ${NAME}` }).getByRole("button", { name: "Delete monitor, keep its run" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByRole("link", { name: NAME })).toHaveCount(0);
  await page.goto(runPath);
  await expect(page.getByRole("heading", { level: 1, name: `Monitor: ${NAME}` })).toBeVisible();
});

test("a monitor made after its transcripts backfills them from its page, is edited, paused and resumed there, and is deleted with its run", async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const tag = `${TAG}-backfill`;
  const name = `${NAME} backfilled`;
  const client = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT, extraHTTPHeaders: { authorization: `Bearer ${adminToken()}` } });
  try {
    // Stored before the monitor exists: only a backfill brings them to it.
    const lines = Array.from({ length: 4 }, (_, i) => JSON.stringify({ ...transcript(i + 10), metadata: { task_id: `e2e-backfill-task-${i}`, tags: [tag] } })).join("\n");
    const uploaded = await client.post("/api/transcripts?file=backfill.jsonl", { data: lines, headers: { "content-type": "application/x-ndjson" } });
    expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);
    const created = await client.post("/api/monitors", { data: { name, criteria: [IDENTIFIERS], judge: "checks", mode: "immediate", sample: 1, filter: { tag } } });
    expect(created.status(), await created.text()).toBe(201);
    const monitor = (await created.json()) as { id: string; runId: string };

    await page.goto(`/monitors/${monitor.id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const backfill = page.getByRole("form", { name: "Backfill" });
    await backfill.getByRole("button", { name: "Backfill" }).click();
    // Every transcript of the period goes to the monitor; its filter keeps the 4 tagged ones.
    await expect(backfill.getByRole("status")).toHaveText(/^\d+ transcripts sent to the monitor/);
    const point = page.getByRole("link", { name: new RegExp(`^${IDENTIFIERS}: 50% pass rate, \\d{4}-\\d{2}-\\d{2} \\d{2}:00, 4 judged$`) });
    await expect(async () => {
      await page.reload();
      await expect(point).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });

    // Edited: the new name shows on its page and in the list.
    await page.getByRole("link", { name: "Edit" }).click();
    const form = page.getByRole("form", { name: "Edit monitor" });
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue(name);
    await form.getByRole("textbox", { name: "Name" }).fill(`${name} (renamed)`);
    await form.getByRole("button", { name: "Save monitor" }).click();
    await expect(page).toHaveURL(new RegExp(`/monitors/${monitor.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${name} (renamed)` })).toBeVisible();

    // Paused, then resumed: the page and the list say which.
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Monitor paused: new transcripts are not judged until it resumes." })).toBeVisible();
    await expect(page.getByText("Paused: new transcripts are not judged", { exact: true })).toBeVisible();
    await page.goto("/monitors");
    await expect(page.getByRole("table", { name: "Monitors" }).getByRole("row").filter({ hasText: `${name} (renamed)` })).toContainText("Paused");
    await page.goto(`/monitors/${monitor.id}`);
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Monitor resumed." })).toBeVisible();
    await expect(page.getByText("Paused: new transcripts are not judged", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();

    // Deleted with its run: the monitor and the run are gone.
    await page.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("group", { name: `Delete ${name} (renamed)` }).getByRole("button", { name: "Delete monitor and its run" }).click();
    await expect(page).toHaveURL(/\/monitors$/);
    await expect(page.getByRole("link", { name: `${name} (renamed)` })).toHaveCount(0);
    await page.goto(`/runs/${monitor.runId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    expect((await client.get(`/api/monitors/${monitor.id}`)).status()).toBe(404);
  } finally {
    await client.dispose();
  }
});
