import { expect, test } from "./fixtures/admin-page";

const CRITERION = "Tool call passes if it matches the reference";
const OPENING = "E2E references: cancel my booking";
const COUNT = 4;

/** An assistant message calling one tool, and the tool's response. */
const exchange = (id: string, name: string, args: Record<string, string>) => [
  { role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }] },
  { role: "tool", tool_call_id: id, content: JSON.stringify({ booking_id: args.booking_id, status: name === "cancel_booking" ? "cancelled" : "confirmed" }) },
];

/** Trials of two tasks: even trials cancel the booking the user named, odd ones another; task b's first look the booking up. */
function trial(i: number) {
  const task = i < COUNT / 2 ? "e2e-ref-task-a" : "e2e-ref-task-b";
  const booking = task === "e2e-ref-task-a" ? "BK-100" : "BK-200";
  const cancelled = i % 2 === 0 ? booking : "BK-999";
  const bookingId = { type: "object", properties: { booking_id: { type: "string" } }, required: ["booking_id"] };
  return {
    messages: [
      { role: "user", content: `${OPENING} ${booking}, trial ${i}` },
      ...(task === "e2e-ref-task-b" ? exchange(`f${i}`, "find_booking", { booking_id: booking }) : []),
      ...exchange(`r${i}`, "cancel_booking", { booking_id: cancelled, reason: "change of plans" }),
      { role: "assistant", content: `Booking ${cancelled} is cancelled.` },
    ],
    tools: [
      { type: "function", function: { name: "find_booking", parameters: bookingId } },
      { type: "function", function: { name: "cancel_booking", parameters: { ...bookingId, properties: { ...bookingId.properties, reason: { type: "string" } } } } },
    ],
    metadata: { task_id: task, trial: i },
  };
}

const references = [
  { task_id: "e2e-ref-task-a", reference: { steps: [{ calls: [{ name: "cancel_booking", args: { booking_id: "BK-100", reason: "change of plans" } }] }] } },
  {
    task_id: "e2e-ref-task-b",
    reference: { steps: [{ calls: [{ name: "find_booking", args: { booking_id: "BK-200" } }] }, { calls: [{ name: "cancel_booking", args: { booking_id: "BK-200" }, ignore: ["reason"] }] }] },
  },
];

test("a golden set and its references uploaded in the browser: the run fails the calls that differ and shows expected against actual (issue 34)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/transcripts/upload");
  const lines = Array.from({ length: COUNT }, (_, i) => JSON.stringify(trial(i))).join("\n");
  await page.getByLabel("Choose files").setInputFiles({ name: "golden.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(lines) });
  await expect(page.getByRole("listitem", { name: "Upload of golden.jsonl" })).toContainText(`${COUNT} imported`);
  await page.getByLabel("References file").setInputFiles({ name: "refs.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(references.map((line) => JSON.stringify(line)).join("\n")) });
  await expect(page.getByRole("status", { name: "References from refs.jsonl" })).toContainText(`2 lines attached to ${COUNT} transcripts`);

  // The criteria page says what measures the criterion before anything runs.
  await page.goto("/criteria");
  const criterionForm = page.getByRole("form", { name: "New criterion" });
  await criterionForm.getByLabel("Criterion").fill(CRITERION);
  await expect(criterionForm).toContainText("expected calls (reference)");
  await criterionForm.getByRole("button", { name: "Add criterion" }).click();
  await expect(criterionForm.getByRole("status")).toHaveText(/Criterion added\.|This criterion already exists\./);

  await page.goto("/runs/new");
  const form = page.getByRole("form", { name: "New run" });
  await form.getByLabel("Name").fill("E2E references run");
  await form.getByLabel("A filter").check();
  await form.getByLabel("Name contains").fill(OPENING);
  await form.getByLabel(CRITERION).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E references run" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });

  const rows = page.getByRole("table", { name: "Tool calls in this run" }).locator("tbody tr");
  // Every trial cancels; task b's trials look the booking up first.
  await expect(rows).toHaveCount(COUNT + COUNT / 2);
  const runPath = new URL(page.url()).pathname;

  // Reference accuracy per tool, the worst first: half the cancellations match, every lookup does.
  await page.getByRole("navigation", { name: "Group results by" }).getByRole("link", { name: "Tool", exact: true }).click();
  await expect(page).toHaveURL(/[?&]group=tool(&|#|$)/);
  const byTool = page.getByRole("table", { name: "Results by tool" }).locator("tbody tr");
  await expect(byTool).toHaveCount(2);
  await expect(byTool.first().getByRole("rowheader")).toHaveText("cancel_booking");
  await expect(byTool.first().getByRole("cell").last()).toHaveText("50% of 4");
  await expect(byTool.nth(1).getByRole("rowheader")).toHaveText("find_booking");
  await expect(byTool.nth(1).getByRole("cell").last()).toHaveText("100% of 2");
  // A tool opens the run's calls of that tool.
  await byTool.getByRole("link", { name: "find_booking" }).click();
  await expect(page).toHaveURL(/[?&]tool=find_booking(&|#|$)/);
  await expect(rows).toHaveCount(COUNT / 2);
  await expect(rows.filter({ hasText: "cancel_booking" })).toHaveCount(0);
  await page.goto(runPath);
  // The calls that cancelled another booking, by the reference's reason.
  await page.getByRole("search", { name: "Filter tool calls" }).getByRole("combobox", { name: /^Reference reason/ }).selectOption("wrong_value");
  await expect(page).toHaveURL(/[?&]reason=wrong_value(&|$)/);
  await expect(rows).toHaveCount(COUNT / 2);
  const failing = rows.filter({ hasText: "trial 1" });
  await failing.locator('a[href*="/calls/"]').first().click();

  // The call beside its expected call: the booking id differs, the reason matches.
  await expect(page.getByTestId("reference-verdict")).toContainText("Differs from the reference · step 1, expected call 1: cancel_booking");
  const argumentsTable = page.getByRole("table", { name: "Expected and actual arguments" });
  const bookingRow = argumentsTable.getByRole("row").filter({ hasText: "booking_id" });
  await expect(bookingRow).toHaveAttribute("data-differs", "true");
  await expect(bookingRow).toContainText("'BK-100'");
  await expect(bookingRow).toContainText("'BK-999'");
  await expect(argumentsTable.getByRole("row").filter({ hasText: "reason" })).not.toHaveAttribute("data-differs", "true");

  // The transcript page: the reference's steps and which call performed each.
  await page.getByRole("link", { name: "Open the transcript" }).click();
  await expect(page.getByTestId("reference-transcript-verdict")).toContainText("Differs from the reference");
  await expect(page.getByRole("region", { name: "Reference: expected calls" })).toContainText("not performed");
});
