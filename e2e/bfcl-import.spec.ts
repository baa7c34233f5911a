import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures/admin-page";

const FIXTURES = path.join(import.meta.dirname, "..", "lib", "references", "convert", "test-fixtures", "bfcl");

/** Real BFCL lines (simple_python_0, parallel_0) under ids of this spec's own, so that its run covers only them. */
function lines(file: string, ids: Record<string, string>): string {
  return readFileSync(path.join(FIXTURES, file), "utf8")
    .split("\n")
    .filter((line) => Object.keys(ids).some((id) => line.includes(`"id": "${id}"`)))
    .map((line) => Object.entries(ids).reduce((text, [id, renamed]) => text.replace(`"id": "${id}"`, `"id": "${renamed}"`), line))
    .join("\n");
}

const IDS = { simple_python_0: "simple_python_e2e0", parallel_0: "parallel_e2e0" };
/** A function-calling model's result file: the triangle's base is wrong, the parallel calls right (in another order). */
const RESULTS = [
  { id: "simple_python_e2e0", result: [{ calculate_triangle_area: '{"base": 12, "height": 5}' }] },
  { id: "parallel_e2e0", result: [{ spotify_play: '{"artist": "Maroon 5", "duration": 15}' }, { spotify_play: '{"artist": "Taylor Swift", "duration": 20}' }] },
  { id: "simple_python_e2e9", result: [] },
];

test("BFCL's question, possible-answer and result files imported on the upload page: a run judges each call against BFCL's possible answer (issue 34)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/transcripts/upload");
  const form = page.getByRole("form", { name: "Import BFCL" });
  await form.getByLabel("BFCL questions").setInputFiles({ name: "BFCL_v4_e2e.json", mimeType: "application/json", buffer: Buffer.from(lines("questions.jsonl", IDS)) });
  await form.getByLabel("Possible answers").setInputFiles({ name: "possible_answer_e2e.json", mimeType: "application/json", buffer: Buffer.from(lines("answers.jsonl", IDS)) });
  await form.getByLabel("Model results").setInputFiles({ name: "result_e2e.json", mimeType: "application/json", buffer: Buffer.from(RESULTS.map((line) => JSON.stringify(line)).join("\n")) });
  const answered = page.waitForResponse((response) => response.url().includes("/api/references/bfcl"));
  await form.getByRole("button", { name: "Import BFCL" }).click();
  const { uploadId } = (await (await answered).json()) as { uploadId: string };
  const report = page.getByRole("status", { name: "BFCL import of BFCL_v4_e2e.json" });
  await expect(report).toContainText("2 questions converted; 1 not converted or with a problem");
  await expect(report).toContainText("2 imported");
  // A result for an id the questions do not have is named with its file and line.
  await expect(report).toContainText('result_e2e.json, line 3: id: "simple_python_e2e9" is not a question of BFCL_v4_e2e.json');

  // The run form is runs.spec.ts's subject: here the run covers exactly this upload, started as a script would, from the page's session.
  const started = await page.evaluate(async (upload) => {
    const response = await fetch("/api/runs", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "E2E BFCL run", transcripts: { upload }, criteria: ["Tool call passes if it matches the reference"], judge: "checks", mode: "auto" }) });
    return { status: response.status, body: (await response.json()) as { links: { page: string } } };
  }, uploadId);
  expect(started.status).toBe(201);
  await page.goto(started.body.links.page);
  await expect(page.getByRole("heading", { level: 1, name: "E2E BFCL run" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });

  const rows = page.getByRole("table", { name: "Tool calls in this run" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await page.getByRole("search", { name: "Filter tool calls" }).getByRole("combobox", { name: /^Reference reason/ }).selectOption("wrong_value");
  await expect(rows).toHaveCount(1);
  await rows.first().locator('a[href*="/calls/"]').first().click();
  await expect(page.getByTestId("reference-verdict")).toContainText("Differs from the reference");
  const base = page.getByRole("table", { name: "Expected and actual arguments" }).getByRole("row").filter({ hasText: "base" });
  await expect(base).toHaveAttribute("data-differs", "true");
  await expect(base).toContainText("10");
  await expect(base).toContainText("12");
});
