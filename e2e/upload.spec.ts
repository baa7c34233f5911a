import path from "node:path";
import { expect, test } from "./fixtures/admin-page";

const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", name);

test("uploading a valid and a broken file imports what is valid and explains each rejection", async ({ page }) => {
  await page.goto("/transcripts");
  await page.getByRole("link", { name: "Upload transcripts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Upload transcripts" })).toBeVisible();

  await page.getByLabel("Choose files").setInputFiles([fixture("valid.jsonl"), fixture("broken.json")]);

  const valid = page.getByRole("listitem", { name: "Upload of valid.jsonl" });
  await expect(valid).toContainText("2 imported");
  const broken = page.getByRole("listitem", { name: "Upload of broken.json" });
  await expect(broken).toContainText("0 imported");
  const rejected = broken.getByRole("region", { name: "Rejected items in broken.json" });
  await expect(rejected).toContainText("broken.json, index 0: messages[1].tool_calls[0].function.arguments: expected a JSON string, got an object");
  await expect(rejected).toContainText("broken.json, index 1:");

  await page.getByRole("link", { name: "View the 2 imported transcripts" }).click();
  await expect(page).toHaveURL(/upload=/);
  const table = page.getByRole("table", { name: "Transcripts" });
  await expect(table.locator("tbody tr")).toHaveCount(2);

  await table.getByRole("link", { name: "E2E parallel stock check" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E parallel stock check" })).toBeVisible();
  // Text from the transcript is shown as text, never run as markup.
  await expect(page.getByRole("list", { name: "Conversation" }).getByText("<script>window.__xss=1</script>", { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  const group = page.getByRole("group", { name: "3 parallel tool calls" });
  await expect(group.getByRole("article")).toHaveCount(3);
  const north = page.getByRole("article", { name: "Tool call 1: check_stock" });
  await expect(north.getByRole("region", { name: "Tool response" })).toContainText('"units": 9');
  const reserve = page.getByRole("article", { name: "Tool call 4: reserve" });
  await expect(reserve).toContainText("No tool response in the transcript.");
  await expect(reserve.getByRole("list", { name: "Warnings" })).toContainText("missing_response");

  const tools = page.getByRole("complementary");
  await expect(tools).toContainText("Called (2)");
  await expect(tools).toContainText("Offered but not called (0)");
});

test("pasting a transcript imports it, and pasting it again reports a duplicate", async ({ page }) => {
  const transcript = JSON.stringify({
    name: "E2E pasted",
    messages: [
      { role: "user", content: "Time in Tokyo?" },
      { role: "assistant", content: null, tool_calls: [{ id: "t1", type: "function", function: { name: "get_time", arguments: '{"tz":"Asia/Tokyo"}' } }] },
      { role: "tool", tool_call_id: "t1", content: "09:00" },
    ],
    tools: [{ type: "function", function: { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } } }],
  });
  await page.goto("/transcripts/upload");
  await page.getByLabel("Or paste a transcript").fill(transcript);
  await page.getByRole("button", { name: "Import pasted text" }).click();
  await expect(page.getByRole("listitem", { name: "Upload of pasted.json" }).first()).toContainText("1 imported");
  await page.getByRole("button", { name: "Import pasted text" }).click();
  await expect(page.getByRole("listitem", { name: "Upload of pasted.json" }).nth(1)).toContainText("1 skipped as duplicate");
});

test("a file whose every item has the same wrong shape lists that reason once, with a count and where", async ({ page }) => {
  await page.goto("/transcripts/upload");
  const lines = Array.from({ length: 60 }, (_, i) => JSON.stringify({ name: `same shape ${i}`, messages: "hello" })).join("\n");
  await page.getByLabel("Choose files").setInputFiles({ name: "same-shape.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(lines) });

  const file = page.getByRole("listitem", { name: "Upload of same-shape.jsonl" });
  await expect(file).toContainText("60 rejected");
  const rejected = file.getByRole("region", { name: "Rejected items in same-shape.jsonl" });
  await expect(rejected.getByRole("heading")).toHaveText("Rejected: one reason");
  await expect(rejected.getByRole("listitem")).toHaveCount(1);
  const summary = rejected.locator("summary");
  await expect(summary).toContainText("60 items (line 1; line 2; line 3; line 4; line 5 and 55 more): messages:");
  await summary.click();
  await expect(rejected.getByText("same-shape.jsonl, line 60", { exact: true })).toBeVisible();
});

test("files chosen together and while another imports wait in a queue and are imported one after another, each with its own result", async ({ page }) => {
  const transcript = (name: string) =>
    JSON.stringify({
      name,
      messages: [
        { role: "user", content: `Weather for ${name}?` },
        { role: "assistant", content: null, tool_calls: [{ id: "w1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city: name }) } }] },
        { role: "tool", tool_call_id: "w1", content: "sunny" },
      ],
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }],
    });
  const file = (name: string, lines: string[]) => ({ name, mimeType: "application/jsonl", buffer: Buffer.from(lines.join("\n")) });
  const stamp = Date.now();

  // The first file's request is held until the third file is chosen: it is then certainly still importing.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.route("**/api/transcripts?*", async (route) => {
    if (++requests === 1) await held;
    await route.continue();
  });

  await page.goto("/transcripts/upload");
  await page.getByLabel("Choose files").setInputFiles([
    file("queue-a.jsonl", [transcript(`Queue A1 ${stamp}`), transcript(`Queue A2 ${stamp}`)]),
    file("queue-b.jsonl", [transcript(`Queue B1 ${stamp}`), '{"messages": "not a list"}']),
  ]);
  const a = page.getByRole("listitem", { name: "Upload of queue-a.jsonl" });
  const b = page.getByRole("listitem", { name: "Upload of queue-b.jsonl" });
  await expect(a).toContainText("Importing");
  await expect(b).toContainText("Waiting");

  await page.getByLabel("Choose files").setInputFiles([file("queue-c.jsonl", [transcript(`Queue C1 ${stamp}`)]), file("notes.txt", ["hello"])]);
  const c = page.getByRole("listitem", { name: "Upload of queue-c.jsonl" });
  await expect(c).toContainText("Waiting");
  await expect(page.getByRole("listitem", { name: "Upload of notes.txt" })).toContainText("notes.txt: only .json, .jsonl and .ndjson files are accepted.");
  await expect(page.getByRole("status", { name: "Upload queue" })).toHaveText("4 files: 0 done, 1 importing, 2 waiting, 1 failed.");
  release();

  await expect(a).toContainText("2 imported, 0 skipped as duplicate, 0 rejected.");
  await expect(b).toContainText("1 imported, 0 skipped as duplicate, 1 rejected.");
  await expect(b.getByRole("region", { name: "Rejected items in queue-b.jsonl" })).toContainText("queue-b.jsonl, line 2: messages:");
  await expect(c).toContainText("1 imported, 0 skipped as duplicate, 0 rejected.");
  await expect(page.getByRole("status", { name: "Upload queue" })).toHaveText("4 files: 3 done, 0 importing, 0 waiting, 1 failed.");
  expect(requests).toBe(3);

  // The three files form one upload.
  await page.getByRole("link", { name: "View the 4 imported transcripts" }).click();
  await expect(page.getByRole("table", { name: "Transcripts" }).locator("tbody tr")).toHaveCount(4);
});

test("a long system prompt and a long tool result fold to their start on the transcript page", async ({ page }) => {
  const prompt = Array.from({ length: 40 }, (_, i) => `Rule ${i + 1}: answer in the customer's language and cite the order id.`).join("\n");
  const orders = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ id: `ORD-${i}`, status: "shipped" })));
  const upload = await page.request.post("/api/transcripts?file=long-prompt.json", {
    data: {
      name: "E2E long system prompt",
      messages: [
        { role: "system", content: prompt },
        { role: "user", content: "Where are my orders?" },
        { role: "assistant", content: null, tool_calls: [{ id: "l1", type: "function", function: { name: "list_orders", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "l1", content: orders },
      ],
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { imported } = (await upload.json()) as { imported: { id: string }[] };
  await page.goto(`/transcripts/${imported[0].id}`);

  // Folded: its start in view, the rest behind "Show all", all of it in the page for find-in-page.
  const fold = page.locator("#message-0").getByTestId("folded-text");
  await expect(fold).toContainText("Rule 40:");
  const summary = fold.getByText("Show all (40 lines)");
  await expect(summary).toBeVisible();
  expect((await fold.boundingBox())?.height).toBeLessThan(250);
  await summary.click();
  await expect(fold.getByText("Show less")).toBeVisible();
  expect((await fold.boundingBox())?.height).toBeGreaterThan(600);
  await expect(page.getByRole("region", { name: "Tool response" }).getByTestId("folded-text")).toContainText("Show all (");
});
