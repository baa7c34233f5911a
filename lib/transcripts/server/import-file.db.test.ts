import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { fixture } from "@/lib/transcripts/test-fixtures/helpers";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { dialectOf } from "@/lib/platform/db/dialect";
import { ANALYZE_AFTER_ROWS } from "@/lib/platform/db/refresh-statistics";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { scheduleImportCleanup } from "./uploads/cleanup-task";
import { listTranscripts } from "./list";
import { importFile, UploadError } from "./import-file";

const chat = (city: string, extra: Record<string, unknown> = {}) => ({
  messages: [
    { role: "user", content: `Weather in ${city}?` },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) } }] },
    { role: "tool", tool_call_id: "c1", content: '{"temp": 20}' },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
  ...extra,
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("import");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

const lines = (...items: unknown[]) => items.map((i) => (typeof i === "string" ? i : JSON.stringify(i))).join("\n");

describe("importFile with references", () => {
  const reference = '{"steps": [{"calls": [{"name": "get_weather", "args": {"city": "Paris", "days": 2.0}}]}], "match": {"free_tools": []}}';

  it("stores a valid reference as written (2.0 stays a float), leaves out a bad one with its path, and attaches one given again with the same content", async () => {
    const withReference = `${JSON.stringify(chat("Paris")).slice(0, -1)}, "reference": ${reference}}`;
    const bad = chat("Rome", { reference: { steps: [{ calls: [] }] } });
    const inMetadata = chat("Oslo", { metadata: { task_id: "t1", reference: { steps: [{ calls: [{ name: "get_weather", allowed: { city: ["Oslo"] } }] }] } } });
    const report = await importFile(prisma, { fileName: "refs.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines(withReference, bad, inMetadata, chat("Lima"))] });
    expect(report.imported).toHaveLength(4);
    const stored = await prisma.transcript.findMany({ select: { name: true, reference: true, metadata: true, warnings: true }, orderBy: { createdAt: "asc" } });
    const byCity = (city: string) => stored.find((row) => row.name.includes(city)) ?? expect.fail(city);
    expect(byCity("Paris").reference).toContain('"days":2.0');
    expect(byCity("Rome").reference).toBeNull();
    expect(JSON.stringify(byCity("Rome").warnings)).toContain("reference.steps[0].calls: expected at least one item");
    expect(byCity("Oslo").reference).toContain('"allowed":{"city":["Oslo"]}');
    // Taken out of the metadata: the reference is attached data, not content.
    expect(byCity("Oslo").metadata).toEqual({ task_id: "t1" });

    const again = await importFile(prisma, { fileName: "again.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines(chat("Lima", { reference: JSON.parse(reference) }))] });
    expect(again.duplicates).toHaveLength(1);
    expect((await prisma.transcript.findFirstOrThrow({ where: { name: { contains: "Lima" } } })).reference).toContain('"steps"');
  });
});

describe("importFile", () => {
  it("imports valid lines, rejects invalid ones precisely, and extracts tool calls into rows", async () => {
    const bad = chat("Oslo");
    (bad.messages[1] as { tool_calls: { function: { arguments: unknown } }[] }).tool_calls[0].function.arguments = { city: "Oslo" };
    const report = await importFile(prisma, {
      fileName: "mixed.jsonl",
      source: "api",
      maxFileBytes: 1e6,
      chunks: [lines(chat("Paris"), "{not json", bad, chat("Rome", { evaluation_criteria: "Reward tool calls that pick the right city" }))],
    });
    expect(report.imported.map((t) => t.name)).toHaveLength(2);
    expect(report.rejected).toHaveLength(2);
    expect(report.rejected[0]).toMatchObject({ file: "mixed.jsonl", line: 2, code: "syntax" });
    expect(report.rejected[1]).toMatchObject({ file: "mixed.jsonl", line: 3, path: "messages[1].tool_calls[0].function.arguments" });
    expect(report.rejected[1].message).toContain("expected a JSON string, got an object");
    expect(report.criteria).toEqual(["Reward tool calls that pick the right city"]);

    const calls = await prisma.toolCall.findMany({ orderBy: { toolName: "asc" } });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ callId: "c1", messageIndex: 1, position: 0, ordinal: 1, toolName: "get_weather", responseIndex: 2, response: '{"temp": 20}' });
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id: report.uploadId } });
    expect(upload).toMatchObject({ status: "done", importedCount: 2, rejectedCount: 2, duplicateCount: 0 });
  });

  it("rejects, on PostgreSQL, a transcript holding a NUL character with where it is, and imports the rest; SQLite stores it", async () => {
    const nul = chat("Lima\u0000");
    const report = await importFile(prisma, { fileName: "nul.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines(chat("Paris"), nul, chat("Rome"))] });
    if (dialectOf(prisma) === "postgresql") {
      expect(report.imported.map((t) => t.line)).toEqual([1, 3]);
      expect(report.rejected).toEqual([
        { file: "nul.jsonl", line: 2, code: "unstorable", path: "messages[0].content", message: "messages[0].content contains a NUL character (\\u0000), which PostgreSQL cannot store: remove it, or replace it (e.g. with U+FFFD)" },
      ]);
      expect(await prisma.transcript.count()).toBe(2);
    } else {
      expect(report.imported.map((t) => t.line)).toEqual([1, 2, 3]);
      expect((await prisma.transcript.findFirstOrThrow({ where: { name: "Weather in Lima\u0000?" } })).name).toContain("\u0000");
    }
  });

  it("refreshes PostgreSQL's planner statistics after a large file, not after a small one", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    const analysed = async () => (await prisma.$queryRawUnsafe<{ tablename: string }[]>(`SELECT DISTINCT tablename FROM pg_stats WHERE tablename IN ('Transcript', 'ToolCall') ORDER BY 1`)).map((row) => row.tablename);
    // Fewer rows than autovacuum's own threshold (50), so that it does not analyse them either.
    await importFile(prisma, { fileName: "small.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines(chat("Paris"), chat("Rome"))] });
    expect(await analysed()).toEqual([]);
    const many = Array.from({ length: ANALYZE_AFTER_ROWS }, (_, i) => chat(`City ${i}`));
    const report = await importFile(prisma, { fileName: "large.jsonl", source: "api", maxFileBytes: 1e8, chunks: [lines(...many)] });
    expect(report.imported).toHaveLength(ANALYZE_AFTER_ROWS);
    expect(await analysed()).toEqual(["ToolCall", "Transcript"]);
  });

  it("gives transcripts and tool calls ids in import order, so a run's rows sit together in the evaluation indexes", async () => {
    const twoCalls = chat("Lima");
    (twoCalls.messages[1] as { tool_calls: unknown[] }).tool_calls.push({ id: "c2", type: "function", function: { name: "get_weather", arguments: '{"city":"Cusco"}' } });
    const cities = ["Oslo", "Paris", "Rome", "Bern", "Kyiv"];
    await importFile(prisma, { fileName: "ordered.jsonl", source: "api", maxFileBytes: 1e6, chunks: [lines(...cities.map((city) => chat(city)), twoCalls)] });
    const transcripts = await prisma.transcript.findMany({ orderBy: { id: "asc" }, select: { id: true, messages: true } });
    expect(transcripts.map((t) => JSON.stringify(t.messages).match(/Weather in (\w+)/)?.[1])).toEqual([...cities, "Lima"]);
    const calls = await prisma.toolCall.findMany({ orderBy: { id: "asc" }, select: { transcriptId: true, ordinal: true } });
    const byTranscript = [...calls].sort((a, b) => (a.transcriptId < b.transcriptId ? -1 : a.transcriptId > b.transcriptId ? 1 : a.ordinal - b.ordinal));
    expect(calls).toEqual(byTranscript);
  });

  it("stores identical content once, whether repeated in the file or already stored", async () => {
    const first = await importFile(prisma, { fileName: "a.json", source: "api", maxFileBytes: 1e6, chunks: [JSON.stringify([chat("Oslo"), chat("Oslo")])] });
    expect(first.imported).toHaveLength(1);
    expect(first.duplicates).toEqual([expect.objectContaining({ index: 1, reason: "earlier in this upload (index 0)" })]);
    // Same content with keys in another order is the same transcript.
    const reordered = JSON.stringify({ tools: chat("Oslo").tools, messages: chat("Oslo").messages });
    const second = await importFile(prisma, { fileName: "b.json", source: "api", maxFileBytes: 1e6, chunks: [reordered] });
    expect(second.imported).toHaveLength(0);
    expect(second.duplicates).toEqual([expect.objectContaining({ reason: "already stored", existingId: first.imported[0].id })]);
    expect(await prisma.transcript.count()).toBe(1);
  });

  it("imports every accepted format into one upload, with the rejections and criteria of each file", async () => {
    const files = ["mixed.jsonl", "openai-chat.json", "anthropic.json", "openai-responses.json"];
    let uploadId: string | undefined;
    const reports = [];
    for (const file of files) {
      const report = await importFile(prisma, { fileName: file, source: "browser", maxFileBytes: 1e6, uploadId, chunks: [fixture(file)] });
      uploadId = report.uploadId;
      reports.push(report);
    }
    expect(reports[0].rejected).toMatchObject([
      { file: "mixed.jsonl", line: 2, message: "messages[1].tool_calls[0].function.arguments: expected a JSON string, got an object" },
      { file: "mixed.jsonl", line: 3, code: "syntax" },
    ]);
    expect(reports[0].criteria).toContain("Tool call passes if it books for the right number of people");
    const formats = await prisma.transcript.groupBy({ by: ["format"], _count: true, orderBy: { format: "asc" } });
    expect(formats.map((f) => f.format)).toEqual(["anthropic", "eval-request", "openai-chat", "openai-responses"]);
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(upload.fileNames).toEqual(files);
    expect(upload.rejectedCount).toBe(2);
    expect(upload.importedCount + upload.duplicateCount).toBe(reports.reduce((n, r) => n + r.imported.length + r.duplicates.length, 0));
  });

  it("adds a second file to the same upload", async () => {
    const first = await importFile(prisma, { fileName: "a.json", source: "browser", maxFileBytes: 1e6, chunks: [JSON.stringify(chat("A"))] });
    await importFile(prisma, { fileName: "b.json", source: "browser", maxFileBytes: 1e6, uploadId: first.uploadId, chunks: [JSON.stringify(chat("B"))] });
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id: first.uploadId } });
    expect(upload.fileNames).toEqual(["a.json", "b.json"]);
    expect(upload.importedCount).toBe(2);
    await expect(importFile(prisma, { fileName: "c.json", source: "api", maxFileBytes: 1e6, uploadId: "nope", chunks: ["{}"] })).rejects.toThrow(/No upload with id nope/);
  });

  it("keeps every file's report when files of one upload are imported at once (a CI posting in parallel)", async () => {
    const first = await importFile(prisma, { fileName: "a.json", source: "api", maxFileBytes: 1e6, chunks: [JSON.stringify(chat("A"))] });
    const names = ["b.jsonl", "c.jsonl", "d.jsonl"];
    await Promise.all(
      names.map((fileName, i) =>
        importFile(prisma, { fileName, source: "api", maxFileBytes: 1e6, uploadId: first.uploadId, chunks: [lines(chat(`B${i}`), chat(`C${i}`), "not json")] }),
      ),
    );
    const upload = await prisma.upload.findUniqueOrThrow({ where: { id: first.uploadId } });
    expect(upload).toMatchObject({ importedCount: 7, rejectedCount: 3, status: "done" });
    expect([...(upload.fileNames as string[])].sort()).toEqual(["a.json", ...names]);
    const report = upload.report as { files: { file: string }[]; rejected: { file: string }[] };
    expect(report.files.map((file) => file.file).sort()).toEqual(["a.json", ...names]);
    expect(report.rejected.map((rejection) => rejection.file).sort()).toEqual(names);
  });

  it("leaves nothing half-written when the file turns out too large mid-stream", async () => {
    const big = Array.from({ length: 1200 }, (_, i) => JSON.stringify(chat(`City ${i}`)));
    async function* chunks() {
      for (const line of big) yield `${line}\n`;
    }
    const error = await importFile(prisma, { fileName: "big.jsonl", source: "api", maxFileBytes: 400_000, chunks: chunks() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).status).toBe(413);
    expect((error as Error).message).toBe("big.jsonl: the file is larger than the limit of 391 KB");
    // Batches were written before the limit was reached: hidden at once, then deleted in the background.
    expect((await listTranscripts(prisma, transcriptListQuerySchema.parse({}))).total).toBe(0);
    await scheduleImportCleanup(prisma);
    expect(await prisma.transcript.count()).toBe(0);
    expect(await prisma.toolCall.count()).toBe(0);
    const upload = await prisma.upload.findFirstOrThrow();
    expect(upload.status).toBe("failed");
  });
});
