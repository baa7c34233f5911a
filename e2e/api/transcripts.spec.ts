import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/api";

test("POST /api/transcripts imports JSON Lines and answers ids, duplicates and errors", async ({ request }) => {
  const body = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "valid.jsonl"), "utf8").replace(/E2E/g, "API").replace(/SKU-42/g, "SKU-API").replace(/Lima/g, "Cusco");
  const first = await request.post("/api/transcripts", { data: body, headers: { "content-type": "application/x-ndjson" } });
  expect(first.status()).toBe(201);
  const report = await first.json();
  expect(report.counts).toEqual({ imported: 2, duplicates: 0, rejected: 0, warnings: expect.any(Number) });
  expect(report.imported[0]).toMatchObject({ id: expect.any(String), name: "API parallel stock check", line: 1 });

  const again = await request.post("/api/transcripts?file=again.jsonl", { data: body });
  expect(again.status()).toBe(200);
  expect((await again.json()).counts).toMatchObject({ imported: 0, duplicates: 2 });
});

test("a bad body gets a 400 with the same error details", async ({ request }) => {
  const response = await request.post("/api/transcripts?file=bad.jsonl", { data: '{"messages": "hello"}\n{oops\n' });
  expect(response.status()).toBe(400);
  const report = await response.json();
  expect(report.rejected).toEqual([
    expect.objectContaining({ file: "bad.jsonl", line: 1, path: "messages", message: expect.stringContaining("messages: expected an array") }),
    expect.objectContaining({ file: "bad.jsonl", line: 2, code: "syntax" }),
  ]);
  const badQuery = await request.post("/api/transcripts?file=../etc/passwd", { data: "{}" });
  expect(badQuery.status()).toBe(400);
  expect((await badQuery.json()).issues[0]).toContain("must be a file name, not a path");
});
