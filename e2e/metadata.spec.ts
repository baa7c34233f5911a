import { expect, test } from "./fixtures/admin-page";

const IDENTIFIERS = "Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result";
// Every transcript opens with the same user message, so their names are the same: the task tells them apart.
const OPENING = "E2E metadata: where is my order?";
const COUNT = 8;
const AGENT = "Agent passes if it stays faithful to tool results and leaves no error unrecovered";

/** Even transcripts succeed (reward 1) and look up the order the user gave; odd ones fail and look up an invented one. */
function transcript(i: number) {
  const given = `ORD-5512${i}`;
  const looked = i % 2 === 0 ? given : `ORD-9000${i}`;
  return {
    messages: [
      { role: "user", content: OPENING },
      { role: "assistant", content: "Which order number?" },
      { role: "user", content: `It is ${given}.` },
      { role: "assistant", content: null, tool_calls: [{ id: `m${i}`, type: "function", function: { name: "lookup_order", arguments: JSON.stringify({ order_id: looked }) } }] },
      { role: "tool", tool_call_id: `m${i}`, content: JSON.stringify({ order_id: looked, status: "shipped" }) },
      { role: "assistant", content: `Order ${looked} has shipped.` },
    ],
    tools: [{ type: "function", function: { name: "lookup_order", parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] } } }],
    metadata: { task_id: `e2e-meta-task-${i}`, trial: 1, model: i < COUNT / 2 ? "e2e-model-a" : "e2e-model-b", reward: i % 2 === 0 ? 1 : 0, tags: ["e2e-meta", i % 2 === 0 ? "found" : "invented"] },
  };
}

test("metadata shows, filters and groups on the transcripts list and the run page, and verdicts are set against the outcome", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const lines = Array.from({ length: COUNT }, (_, i) => JSON.stringify(transcript(i))).join("\n");
  await page.goto("/transcripts/upload");
  // The curl hint names the address this page was opened at.
  await expect(page.getByText(`${baseURL}/api/transcripts?file=runs.jsonl`)).toBeVisible();
  await page.getByLabel("Choose files").setInputFiles({ name: "metadata.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(lines) });
  await expect(page.getByRole("listitem", { name: "Upload of metadata.jsonl" })).toContainText(`${COUNT} imported`);
  await page.getByRole("link", { name: `View the ${COUNT} imported transcripts` }).click();

  // Columns: the shared name, and the task, model, tags and outcome beside it.
  const table = page.getByRole("table", { name: "Transcripts" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(COUNT);
  for (const header of ["Task", "Model", "Tags", "Outcome"]) await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  const first = rows.filter({ hasText: "e2e-meta-task-0" });
  await expect(first).toContainText(OPENING);
  await expect(first).toContainText("e2e-meta-task-0 · trial 1");
  await expect(first).toContainText("e2e-model-a");
  await expect(first).toContainText("Success");
  await expect(rows.filter({ hasText: "e2e-meta-task-1" })).toContainText("Failure");

  // A filter, in the URL, kept with the upload.
  const filters = page.getByRole("search", { name: "Filter transcripts" });
  await filters.getByRole("combobox", { name: /^Model/ }).selectOption("e2e-model-a");
  await filters.getByRole("combobox", { name: /^Outcome/ }).selectOption("failure");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]model=e2e-model-a(&|$)/);
  await expect(page).toHaveURL(/upload=/);
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText("e2e-model-a");
    await expect(row).toContainText("Failure");
  }

  // Grouped by model (the outcome filter off): each model with its successes and failures, linking to its transcripts.
  await filters.getByRole("combobox", { name: /^Outcome/ }).selectOption("");
  await filters.getByRole("combobox", { name: /^Model/ }).selectOption("");
  await filters.getByRole("combobox", { name: /^Group by/ }).selectOption("model");
  await filters.getByRole("button", { name: "Filter" }).click();
  const groups = page.getByRole("table", { name: "Transcripts by model" });
  const modelB = groups.getByRole("row").filter({ hasText: "e2e-model-b" });
  await expect(modelB.getByRole("cell")).toHaveText(["e2e-model-b", "4", "2", "2", "50%", "0.50"]);
  await modelB.getByRole("link", { name: "e2e-model-b" }).click();
  await expect(page).toHaveURL(/[?&]model=e2e-model-b(&|$)/);
  await expect(rows).toHaveCount(4);

  // A transcript's page names its task, model, tags and outcome, each a link to the transcripts that share it.
  await rows.filter({ hasText: "e2e-meta-task-5" }).getByRole("link", { name: OPENING }).click();
  const summary = page.getByLabel("Metadata");
  await expect(summary).toContainText("e2e-meta-task-5 · trial 1");
  await expect(summary).toContainText("Failure");
  await summary.getByRole("link", { name: "invented" }).click();
  await expect(page).toHaveURL(/[?&]tag=invented(&|$)/);
  await expect(rows).toHaveCount(COUNT / 2);

  // An agent-level criterion, judged once per transcript, for the run below.
  await page.goto("/criteria");
  const criterionForm = page.getByRole("form", { name: "New criterion" });
  await criterionForm.getByLabel("Criterion").fill(AGENT);
  await criterionForm.getByRole("button", { name: "Add criterion" }).click();
  await expect(criterionForm.getByRole("status")).toHaveText(/Criterion added\.|This criterion already exists\./);

  // A run on these transcripts.
  await page.goto("/runs/new");
  const form = page.getByRole("form", { name: "New run" });
  await form.getByLabel("Name").fill("E2E metadata run");
  await form.getByLabel("A filter").check();
  await form.getByLabel("Name contains").fill(OPENING);
  await form.getByLabel(IDENTIFIERS).check();
  await form.getByLabel(AGENT).check();
  await form.getByLabel(/^Immediate/).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E metadata run" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });

  // The run table: the metadata columns, the task under each (identical) name, and the outcome filter.
  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  const callRows = calls.locator("tbody tr");
  await expect(callRows).toHaveCount(COUNT);
  for (const header of ["Model", "Task", "Tags", "Outcome"]) await expect(calls.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(callRows.first().locator("td").first()).toContainText(/e2e-meta-task-\d · trial 1/);
  const callFilters = page.getByRole("search", { name: "Filter tool calls" });
  await callFilters.getByRole("combobox", { name: /^Outcome/ }).selectOption("failure");
  await expect(page).toHaveURL(/[?&]outcome=failure(&|$)/);
  await expect(callRows).toHaveCount(COUNT / 2);
  for (const row of await callRows.all()) await expect(row).toContainText("Failure");
  await callFilters.getByRole("combobox", { name: /^Tag/ }).selectOption("found");
  await expect(page).toHaveURL(/[?&]tag=found(&|$)/);
  await expect(page.getByText("No tool call matches these filters.")).toBeVisible();

  // A metadata column hides like the others.
  await page.getByText(/^Columns/).click();
  await page.getByRole("checkbox", { name: "Tags", exact: true }).uncheck();
  await expect(page).toHaveURL(/[?&]hide=tags(&|$)/);
  await expect(calls.getByRole("columnheader", { name: "Tags", exact: true })).toHaveCount(0);

  // Verdicts against outcome: four successful and four failed transcripts, enough for an AUC.
  const outcome = page.getByRole("table", { name: "Verdicts against outcome" });
  const line = outcome.getByRole("row").filter({ hasText: "immediate" });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("separation")).toContainText(/AUC \d\.\d\d/);
  await expect(line.getByTestId("separation")).toContainText("4 successful, 4 failed");
  // The rate counts the calls of those transcripts, and says so.
  await expect(line.getByTestId("successful-pass-rate")).toContainText(/\d+% of 4 calls/);
  await expect(line.getByTestId("failed-pass-rate")).toContainText(/\d+% of 4 calls/);
  await expect(line.getByTestId("separation")).toContainText(/\[\d\.\d\d, \d\.\d\d\]/);
  // The agent-level criterion has its line: every transcript answers from its lookup, so its one verdict per transcript cannot tell the outcomes apart.
  const agentLine = outcome.getByRole("row").filter({ hasText: "whole transcript" });
  await expect(agentLine).toHaveCount(1);
  await expect(agentLine.getByTestId("successful-pass-rate")).toContainText("100% of 4 transcripts");
  await expect(agentLine.getByTestId("separation")).toContainText("no better than chance");

  // The run's results grouped by outcome, then by model: failures concentrate in the failed transcripts, whose looked-up ids were invented.
  await page.goto(new URL(page.url()).pathname);
  const grouping = page.getByRole("navigation", { name: "Group results by" });
  await grouping.getByRole("link", { name: "Outcome", exact: true }).click();
  await expect(page).toHaveURL(/[?&]group=outcome(&|#|$)/);
  const byOutcome = page.getByRole("table", { name: "Results by outcome" });
  await expect(byOutcome.locator("tbody tr")).toHaveCount(2);
  await expect(byOutcome.locator("tbody tr").first()).toContainText("Failure");
  await expect(byOutcome.locator("tbody tr").first()).toContainText("0% of 4");
  await expect(byOutcome.locator("tbody tr").nth(1)).toContainText("Success");
  await expect(byOutcome.locator("tbody tr").nth(1)).toContainText("100% of 4");
  // The agent-level criterion has its column: it passes every transcript, failed or not.
  await expect(byOutcome.getByRole("columnheader", { name: /whole transcript/ })).toHaveCount(1);
  await expect(byOutcome.getByRole("columnheader", { name: "Success" })).toHaveCount(0);
  await expect(byOutcome.locator("tbody tr").first()).toContainText("100% of 4");
  await grouping.getByRole("link", { name: "Model", exact: true }).click();
  const byModel = page.getByRole("table", { name: "Results by model" });
  await expect(byModel.locator("tbody tr")).toHaveCount(2);
  for (const row of await byModel.locator("tbody tr").all()) await expect(row).toContainText("50% of 4");
  // Each model's success rate beside its verdicts (two of its four transcripts succeeded); grouped by outcome the column would say nothing.
  await expect(byModel.getByRole("columnheader", { name: "Success" })).toHaveCount(1);
  for (const row of await byModel.locator("tbody tr").all()) await expect(row.getByRole("cell").nth(1)).toHaveText("50% of 4");
  // And its mean reward (rewards 1, 0, 1, 0), each transcript once however many calls it made.
  await expect(byModel.getByRole("columnheader", { name: "Mean reward" })).toHaveCount(1);
  for (const row of await byModel.locator("tbody tr").all()) await expect(row.getByRole("cell").nth(2)).toHaveText("0.50 of 4");
  // A group opens the run's calls of that group.
  await byModel.getByRole("link", { name: "e2e-model-b" }).click();
  await expect(page).toHaveURL(/[?&]model=e2e-model-b(&|#|$)/);
  await expect(callRows).toHaveCount(COUNT / 2);
});

test("an impossible date filter shows the whole list, and uploaded trace links stay on this site (issue 31)", async ({ page }) => {
  for (const params of ["from=2026-13-01", "to=9999-99-99", "from=2026-02-30&to=0000-00-00"]) {
    const response = await page.goto(`/transcripts?${params}`);
    expect(response?.status(), params).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Transcripts" })).toBeVisible();
  }

  const opening = `E2E trace links ${Date.now()}`;
  const traceId = "0af7651916cd43dd8448eb211c80319c";
  const uploaded = {
    messages: [
      { role: "user", content: opening },
      { role: "assistant", content: null, tool_calls: [{ id: "t1", type: "function", function: { name: "lookup_order", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "t1", content: "{}" },
    ],
    metadata: { trace: { traceId, spansUrl: "/\\evil.example/spans", url: "https://evil.example/ui" } },
  };
  await page.goto("/transcripts/upload");
  await page.getByLabel("Choose files").setInputFiles({ name: "trace-links.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(JSON.stringify(uploaded)) });
  await expect(page.getByRole("listitem", { name: "Upload of trace-links.jsonl" })).toContainText("1 imported");
  await page.getByRole("link", { name: "View the 1 imported transcript" }).click();
  await page.getByRole("table", { name: "Transcripts" }).getByRole("link", { name: opening }).click();
  const trace = page.getByLabel("Trace");
  await expect(trace).toContainText(traceId);
  await expect(trace.getByRole("link")).toHaveCount(0);
});
