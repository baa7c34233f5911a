import { hostname } from "node:os";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { newRunSchema, type RunSelection } from "@/lib/runs/schemas/runs";
import { getDashboardSummary } from "@/lib/runs/server/dashboard-summary";
import { createRun } from "@/lib/runs/server/create-run";
import { dialectOf } from "@/lib/platform/db/dialect";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { getTranscript } from "../get";
import { importFile } from "../import-file";
import { listToolNames, listTranscripts } from "../list";
import { scheduleImportCleanup } from "./cleanup-task";
import { IMPORT_STALE_MS } from "./file-import";
import { recoverInterruptedImports } from "./recover-interrupted-imports";
import { removeFailedImports } from "./remove-failed-imports";

const chat = (city: string, tool = "get_weather") =>
  JSON.stringify({
    messages: [
      { role: "user", content: `Weather in ${city}?` },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: tool, arguments: JSON.stringify({ city }) } }] },
      { role: "tool", tool_call_id: "c1", content: '{"temp": 20}' },
    ],
  });
const lines = (prefix: string, n: number, tool?: string) => Array.from({ length: n }, (_, i) => `${chat(`${prefix} ${i}`, tool)}\n`);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("uploads");
  prisma = db.prisma;
  await prisma.criterion.create({ data: { text: "Tool call passes if it names a city", kind: "passes-if", scale: "binary", condition: "it names a city" } });
});
afterEach(async () => db.cleanup());

/** A body that sends `first`, then waits for `release()` before failing (a cut connection) or ending. */
function pausedBody(first: string[], rest: string[] = []) {
  let release: (how: "end" | "cut") => void = () => {};
  const gate = new Promise<"end" | "cut">((resolve) => (release = resolve));
  let firstSent: () => void = () => {};
  const onFirstSent = new Promise<void>((resolve) => (firstSent = resolve));
  async function* chunks() {
    yield* first;
    firstSent();
    if ((await gate) === "cut") throw new Error("The connection was reset");
    yield* rest;
  }
  return { chunks: chunks(), release: (how: "end" | "cut") => release(how), onFirstSent };
}

async function shown() {
  const list = await listTranscripts(prisma, transcriptListQuerySchema.parse({}));
  const summary = await getDashboardSummary(prisma);
  return { listed: list.total, counted: summary.counts.transcripts, calls: summary.counts.toolCalls, tools: await listToolNames(prisma) };
}

async function runOver(selection: RunSelection) {
  const criterion = await prisma.criterion.findFirstOrThrow();
  return createRun(prisma, newRunSchema.parse({ selection, criterionIds: [criterion.id], mode: "immediate" }));
}

describe("a file that is still importing", () => {
  it("shows none of its transcripts anywhere, and all of them once it completes", async () => {
    await importFile(prisma, { fileName: "done.jsonl", source: "api", maxFileBytes: 1e8, chunks: lines("Done", 3) });
    const body = pausedBody(lines("Partial", 250, "partial_tool"), lines("Late", 5, "partial_tool"));
    const importing = importFile(prisma, { fileName: "partial.jsonl", source: "api", maxFileBytes: 1e8, chunks: body.chunks });
    await body.onFirstSent;
    // The first batch of 200 is written (while the import reads on), but hidden.
    await vi.waitFor(async () => expect(await prisma.transcript.count()).toBe(203), { timeout: 5_000 });
    expect(await shown()).toEqual({ listed: 3, counted: 3, calls: 3, tools: ["get_weather"] });
    const hidden = await prisma.pendingTranscript.findFirstOrThrow();
    expect(await getTranscript(prisma, hidden.transcriptId)).toBeNull();
    const upload = await prisma.upload.findFirstOrThrow({ where: { status: "importing" } });
    const all = await runOver({ kind: "all" });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: all.runId } })).total).toBe(3);
    await expect(runOver({ kind: "upload", uploadId: upload.id })).rejects.toThrow(/no tool calls/);
    await expect(runOver({ kind: "transcripts", ids: [hidden.transcriptId] })).rejects.toThrow(/no tool calls/);
    await expect(runOver({ kind: "filter", q: undefined, tool: "partial_tool" })).rejects.toThrow(/no tool calls/);

    body.release("end");
    await importing;
    expect(await shown()).toEqual({ listed: 258, counted: 258, calls: 258, tools: ["get_weather", "partial_tool"] });
    expect(await prisma.pendingTranscript.count()).toBe(0);
    expect(await prisma.fileImport.count()).toBe(0);
  });
});

describe("a file that fails mid-stream", () => {
  it("is hidden at once and deleted in the background; a file added earlier to the same upload stays", async () => {
    const first = await importFile(prisma, { fileName: "a.jsonl", source: "browser", maxFileBytes: 1e8, chunks: lines("Kept", 2) });
    const body = pausedBody(lines("Cut", 450));
    const importing = importFile(prisma, { fileName: "b.jsonl", source: "browser", uploadId: first.uploadId, maxFileBytes: 1e8, chunks: body.chunks });
    await body.onFirstSent;
    body.release("cut");
    await expect(importing).rejects.toThrow("The connection was reset");
    expect(await shown()).toMatchObject({ listed: 2, counted: 2, calls: 2 });
    await scheduleImportCleanup(prisma);
    expect(await prisma.transcript.count()).toBe(2);
    expect(await prisma.toolCall.count()).toBe(2);
    expect(await prisma.fileImport.count()).toBe(0);
    expect(await prisma.upload.findUniqueOrThrow({ where: { id: first.uploadId } })).toMatchObject({ status: "done", importedCount: 2 });
  });

  it("does not make the same content a duplicate of a transcript about to be deleted", async () => {
    const body = pausedBody(lines("Again", 200));
    const importing = importFile(prisma, { fileName: "a.jsonl", source: "api", maxFileBytes: 1e8, chunks: body.chunks });
    await body.onFirstSent;
    body.release("cut");
    await expect(importing).rejects.toThrow();
    // Uploaded again before the background task has removed the first copy.
    const again = await importFile(prisma, { fileName: "a.jsonl", source: "api", maxFileBytes: 1e8, chunks: lines("Again", 200) });
    await scheduleImportCleanup(prisma);
    expect(again.imported).toHaveLength(200);
    expect(again.duplicates).toHaveLength(0);
    expect(await prisma.transcript.count()).toBe(200);
    expect((await shown()).listed).toBe(200);
  });

  it("is removed in batches of the given size", async () => {
    const body = pausedBody(lines("Batch", 205));
    const importing = importFile(prisma, { fileName: "a.jsonl", source: "api", maxFileBytes: 1e8, chunks: body.chunks });
    await body.onFirstSent;
    await new Promise((resolve) => setTimeout(resolve, 50));
    body.release("cut");
    await expect(importing).rejects.toThrow();
    await scheduleImportCleanup(prisma);
    expect(await prisma.transcript.count()).toBe(0);
    // Direct use: 7 rows of a failed file in batches of 3.
    const upload = await prisma.upload.create({ data: { source: "api", fileNames: [], report: {} } });
    const file = await prisma.fileImport.create({ data: { uploadId: upload.id, fileName: "x", owner: "x:1", status: "failed" } });
    for (let i = 0; i < 7; i += 1) {
      const t = await prisma.transcript.create({ data: { name: `t${i}`, format: "openai-chat", contentHash: `h${i}`, messages: [], tools: [], metadata: {}, messageCount: 0, toolCallCount: 0, warnings: [] } });
      await prisma.pendingTranscript.create({ data: { transcriptId: t.id, importId: file.id } });
    }
    expect(await removeFailedImports(prisma, { batchSize: 3 })).toBe(7);
    expect(await prisma.transcript.count()).toBe(0);
    // A batch cut short by its time budget (here after every transcript) still gets through all of them.
    const again = await prisma.fileImport.create({ data: { uploadId: upload.id, fileName: "y", owner: "x:1", status: "failed" } });
    for (let i = 0; i < 4; i += 1) {
      const t = await prisma.transcript.create({ data: { name: `u${i}`, format: "openai-chat", contentHash: `u${i}`, messages: [], tools: [], metadata: {}, messageCount: 0, toolCallCount: 0, warnings: [] } });
      await prisma.pendingTranscript.create({ data: { transcriptId: t.id, importId: again.id } });
    }
    expect(await removeFailedImports(prisma, { batchSize: 200, budgetMs: 0 })).toBe(4);
    expect(await prisma.fileImport.count()).toBe(0);
  });
});

describe("start-up recovery", () => {
  // The "crashed" imports still run in this process: each is ended before its database goes, or
  // its heartbeat would beat on, into the next test's, from a connection the drop terminates.
  const running: { body: ReturnType<typeof pausedBody>; ended: Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const { body, ended } of running.splice(0)) {
      body.release("cut");
      await ended;
    }
  });

  async function crashedImport(owner: string) {
    const body = pausedBody(lines(owner, 200));
    running.push({ body, ended: importFile(prisma, { fileName: "crash.jsonl", source: "api", maxFileBytes: 1e8, chunks: body.chunks }).catch(() => {}) });
    await body.onFirstSent;
    // Its batch is written while it waits for more of the file.
    await vi.waitFor(async () => expect(await prisma.transcript.count()).toBe(200), { timeout: 5_000 });
    // The process "dies" here: its import row names another owner and never completes.
    await prisma.fileImport.updateMany({ where: { status: "importing" }, data: { owner } });
    return body;
  }

  it("rolls back a file whose process is gone and marks its upload failed; a live import is left alone", async () => {
    await crashedImport(`${hostname()}:999999999`);
    const recovered = await recoverInterruptedImports(prisma);
    expect(recovered).toEqual({ files: 1, transcripts: 200 });
    expect(await prisma.transcript.count()).toBe(0);
    expect(await prisma.upload.findFirstOrThrow()).toMatchObject({ status: "failed", report: expect.objectContaining({ error: expect.stringMatching(/stopped before the file was complete/) }) });

    const live = await crashedImport(`${hostname()}:${process.ppid}`);
    expect(await recoverInterruptedImports(prisma)).toEqual({ files: 0, transcripts: 0 });
    expect(await prisma.transcript.count()).toBe(200);
    live.release("end");
  });

  it("leaves another machine's import alone while its heartbeat is fresh, and rolls it back once it is stale", async () => {
    // A server on another machine sharing the database is receiving this file; its pid means nothing here.
    await crashedImport("another-machine.example:4242");
    expect(await recoverInterruptedImports(prisma)).toEqual({ files: 0, transcripts: 0 });
    expect(await prisma.fileImport.findFirstOrThrow()).toMatchObject({ status: "importing" });
    expect(await prisma.transcript.count()).toBe(200);
    // The same file, its heartbeat silent for longer than IMPORT_STALE_MS: that server is gone.
    expect(await recoverInterruptedImports(prisma, new Date(Date.now() + IMPORT_STALE_MS + 60_000))).toEqual({ files: 1, transcripts: 200 });
    expect(await prisma.transcript.count()).toBe(0);
  });

  it("keeps a running import's heartbeat fresh on PostgreSQL, and writes none on SQLite (one machine)", async () => {
    const body = pausedBody(lines("beating", 200));
    const importing = importFile(prisma, { fileName: "slow.jsonl", source: "api", maxFileBytes: 1e8, chunks: body.chunks, heartbeatMs: 20 });
    await body.onFirstSent;
    const { heartbeatAt: first } = await prisma.fileImport.findFirstOrThrow();
    const latest = async () => (await prisma.fileImport.findFirstOrThrow()).heartbeatAt.getTime();
    if (dialectOf(prisma) === "postgresql") {
      await vi.waitFor(async () => expect(await latest()).toBeGreaterThan(first.getTime()), { timeout: 5_000 });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await latest()).toBe(first.getTime());
    }
    body.release("end");
    expect((await importing).imported).toHaveLength(200);
  });

  it("rolls back an upload left importing before files were tracked", async () => {
    const upload = await prisma.upload.create({ data: { source: "api", fileNames: [], status: "importing", report: {} } });
    await prisma.transcript.create({ data: { uploadId: upload.id, name: "old", format: "openai-chat", contentHash: "old", messages: [], tools: [], metadata: {}, messageCount: 0, toolCallCount: 0, warnings: [] } });
    expect(await recoverInterruptedImports(prisma)).toEqual({ files: 1, transcripts: 1 });
    expect(await prisma.transcript.count()).toBe(0);
    expect((await prisma.upload.findUniqueOrThrow({ where: { id: upload.id } })).status).toBe("failed");
  });
});
