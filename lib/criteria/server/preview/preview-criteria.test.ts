import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "@/lib/accounts/roles";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { startTestServer, type TestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { previewRequestSchema, type PreviewRequest } from "@/lib/criteria/schemas/preview";
import { startRun } from "@/lib/runs/server/start-run";
import { judgeFactoryFromEnv } from "@/lib/runs/server/worker/judge-factory";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { importFile } from "@/lib/transcripts/server/import-file";
import { previewCriteria } from "./preview-criteria";
import { AppError } from "@/lib/platform/errors/app-error";

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let testNumber = 0;

beforeAll(async () => {
  template = await createDemoTemplate("callboard-preview-");
});
afterAll(() => template.cleanup());
beforeEach(() => {
  db = copyDatabase(template.file, `preview-${++testNumber}`);
  prisma = db.prisma;
});
afterEach(() => db.cleanup());

const reviewer = { role: "reviewer" as Role };
const TOOLS_AND_ARGUMENTS = "Reward tool calls that select appropriate tools and provide accurate parameters";
const WITTY = "Tool call passes if the agent greets the customer by name";

const preview = (request: Partial<PreviewRequest>, env: Record<string, string> = {}, actor: { role: Role } = reviewer) =>
  previewCriteria(prisma, actor, previewRequestSchema.parse({ criteria: [TOOLS_AND_ARGUMENTS], judgeKind: "checks", mode: "both", ...request }), env);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a AppError, got ${String(error)}`);
  return error;
}

const CONFIRMS = "Tool call passes if the agent asks the user to confirm before cancelling anything";

/** One call of `tool` in a transcript of its own, answered. */
const callOf = (tool: string, description: string, n: number) =>
  JSON.stringify({
    name: `${tool} ${n}`,
    messages: [
      { role: "user", content: `Request number ${n}.` },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: tool, arguments: JSON.stringify({ id: `R-${n}` }) } }] },
      { role: "tool", tool_call_id: "c1", content: "ok" },
    ],
    tools: [{ type: "function", function: { name: tool, description, parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } } }],
  });

/**
 * An upload whose 30 most recent transcripts hold calls that only read, stored after two that
 * cancel: the most recent calls alone would show the criterion on nothing it applies to.
 */
async function readsAfterTwoCancellations(): Promise<string> {
  const lines = [
    ...[1, 2].map((n) => callOf("cancel_booking", "Cancel a booking.", n)),
    ...Array.from({ length: 30 }, (_, i) => callOf(i % 2 ? "get_booking" : "search_flights", "Look up details.", i + 3)),
  ];
  const report = await importFile(prisma, { fileName: "bookings.jsonl", source: "api", maxFileBytes: 1e7, chunks: [lines.join("\n")] });
  const stored = await prisma.transcript.findMany({ where: { uploadId: report.uploadId }, select: { id: true, name: true } });
  for (const transcript of stored) {
    const n = Number(transcript.name.split(" ").at(-1));
    await prisma.transcript.update({ where: { id: transcript.id }, data: { createdAt: new Date(Date.UTC(2030, 0, 1, 0, n)) } });
  }
  return report.uploadId;
}

/** Every table a preview could write to, counted. */
const counts = async () => ({
  criteria: await prisma.criterion.count(),
  runs: await prisma.run.count(),
  evaluations: await prisma.evaluation.count(),
  cache: await prisma.judgeCache.count(),
});

describe("previewCriteria with the built-in judge", () => {
  it("judges five calls of different tools and transcripts in both views, and stores nothing", async () => {
    const before = await counts();
    const result = await preview({ criteria: [TOOLS_AND_ARGUMENTS, WITTY] });
    expect(result.judgeId).toBe("checks");
    expect(result.calls).toBe(5);
    const calls = new Set(result.rows.map((row) => row.toolCallId));
    expect(calls.size).toBe(5);
    expect(new Set(result.rows.map((row) => row.toolName)).size).toBeGreaterThan(1);
    const measured = result.rows.filter((row) => row.criterion === TOOLS_AND_ARGUMENTS);
    expect(measured.some((row) => row.status === "done" && row.score !== null && row.measuredBy.includes("schema-violation"))).toBe(true);
    expect(new Set(measured.map((row) => row.mode))).toEqual(new Set(["immediate", "hindsight"]));
    const witty = result.rows.filter((row) => row.criterion === WITTY);
    expect(witty.length).toBeGreaterThan(0);
    expect(witty.every((row) => row.status === "not-applicable" && row.explanation.includes("No built-in check measures"))).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it("keeps no cache for the built-in judge: after a run, the preview judges every call again", async () => {
    await startRun(prisma, reviewer, { selection: { kind: "all" }, criteria: [TOOLS_AND_ARGUMENTS], judge: "checks", mode: "hindsight" }, {});
    await runUntilIdle({ prisma, onError: () => {} });
    expect(await prisma.judgeCache.count()).toBe(0);
    const result = await preview({ criteria: [TOOLS_AND_ARGUMENTS], mode: "both" });
    const judged = result.rows.filter((row) => row.status === "done");
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.some((row) => row.cached)).toBe(false);
  });

  it("picks the same calls every time, from the selection only", async () => {
    const upload = await prisma.upload.findFirstOrThrow({ where: { importedCount: { gt: 0 } }, orderBy: { createdAt: "asc" } });
    const first = await preview({ selection: { kind: "upload", uploadId: upload.id }, mode: "auto" });
    const again = await preview({ selection: { kind: "upload", uploadId: upload.id }, mode: "auto" });
    expect(again.rows.map((row) => row.toolCallId)).toEqual(first.rows.map((row) => row.toolCallId));
    const inUpload = await prisma.transcript.findMany({ where: { uploadId: upload.id }, select: { id: true } });
    const ids = new Set(inUpload.map((row) => row.id));
    expect(first.rows.every((row) => ids.has(row.transcriptId))).toBe(true);
  });

  it("shows the calls a criterion applies to, found among many more recent ones it does not apply to, and says how many there are", async () => {
    const uploadId = await readsAfterTwoCancellations();
    const result = await preview({ criteria: [CONFIRMS], selection: { kind: "upload", uploadId }, mode: "immediate" });
    expect(result.calls).toBe(5);
    expect(result.choice).toEqual({ kind: "screened", looked: 32, applicable: 2 });
    expect(result.rows.slice(0, 2).map((row) => [row.toolName, row.status])).toEqual([
      ["cancel_booking", "done"],
      ["cancel_booking", "done"],
    ]);
    expect(result.rows.slice(2).every((row) => row.toolName !== "cancel_booking" && row.status === "not-applicable")).toBe(true);
  });

  it("samples the most recent calls when the built-in checks measure none of the criteria", async () => {
    const uploadId = await readsAfterTwoCancellations();
    const result = await preview({ criteria: [WITTY], selection: { kind: "upload", uploadId }, mode: "immediate" });
    expect(result.choice).toEqual({ kind: "sampled" });
    expect(result.rows).toHaveLength(5);
    expect(result.rows.every((row) => row.status === "not-applicable")).toBe(true);
  });

  it("refuses a selection that names nothing, a viewer, and a judge the server has no key for", async () => {
    expect((await refusal(preview({ selection: { kind: "upload", uploadId: "nope" } }))).code).toBe("unknown-transcripts");
    expect((await refusal(preview({ selection: { kind: "filter", q: "no transcript has this name" } }))).code).toBe("empty-selection");
    expect((await refusal(preview({}, {}, { role: "viewer" }))).code).toBe("forbidden");
    const missing = await refusal(preview({ judgeKind: "anthropic" }));
    expect(missing.code).toBe("judge-not-configured");
    expect(missing.message).toBe("The Anthropic judge is not configured on this server: set ANTHROPIC_API_KEY.");
  });
});

describe("previewCriteria with an LLM judge", () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(() => server.close());

  const completion = (content: string) => ({
    json: { id: "c", object: "chat.completion", created: 0, model: "test-model", choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }] },
  });

  it("asks the configured model once per call and view, and stores nothing", async () => {
    for (let i = 0; i < 5; i++) server.reply(completion(JSON.stringify({ applicable: true, passed: true, explanation: "Greets by name.", findings: [] })));
    const before = await counts();
    const result = await preview({ criteria: [WITTY], judgeKind: "openai", mode: "immediate" }, { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "test-model" });
    expect(result.judgeId).toBe("openai:test-model");
    expect(server.requests).toHaveLength(5);
    expect(result.rows).toHaveLength(5);
    expect(result.rows.every((row) => row.status === "done" && row.passed === true && row.explanation === "Greets by name." && row.mode === "immediate")).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it("reads what a run of the same judge, criterion and view stored, as the worker would, and asks the model only for the rest", async () => {
    const env = { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "test-model" };
    let said = "From the run.";
    for (let i = 0; i < 1000; i++) server.reply(() => completion(JSON.stringify({ applicable: true, passed: true, explanation: said, findings: [] })));
    await startRun(prisma, reviewer, { selection: { kind: "all" }, criteria: [WITTY], judge: "openai", mode: "hindsight" }, env);
    await runUntilIdle({ prisma, judgeFactory: judgeFactoryFromEnv(env), onError: () => {} });
    const stored = await prisma.judgeCache.count();
    expect(stored).toBeGreaterThan(0);
    const asked = server.requests.length;
    said = "From the preview.";
    const result = await preview({ criteria: [WITTY], judgeKind: "openai", mode: "both" }, env);
    const judged = result.rows.filter((row) => row.status === "done");
    const hindsight = judged.filter((row) => row.mode === "hindsight");
    expect(hindsight.length).toBeGreaterThan(0);
    expect(hindsight.every((row) => row.cached && row.explanation === "From the run.")).toBe(true);
    const immediate = judged.filter((row) => row.mode === "immediate");
    expect(immediate.every((row) => !row.cached && row.explanation === "From the preview.")).toBe(true);
    expect(server.requests.length - asked).toBe(immediate.length);
    expect(await prisma.judgeCache.count()).toBe(stored);
  });

  it("picks the calls by the built-in checks, and asks the model about those five only", async () => {
    const uploadId = await readsAfterTwoCancellations();
    for (let i = 0; i < 100; i++) server.reply(completion(JSON.stringify({ applicable: true, passed: true, explanation: "Asked first.", findings: [] })));
    const result = await preview({ criteria: [CONFIRMS], judgeKind: "openai", selection: { kind: "upload", uploadId }, mode: "immediate" }, { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_MODEL: "test-model" });
    expect(server.requests).toHaveLength(5);
    expect(result.choice).toEqual({ kind: "screened", looked: 32, applicable: 2 });
    expect(result.rows.filter((row) => row.toolName === "cancel_booking")).toHaveLength(2);
    expect(result.rows.every((row) => row.status === "done" && row.explanation === "Asked first.")).toBe(true);
  });

  it("shows what the provider said when it refuses", async () => {
    for (let i = 0; i < 10; i++) server.reply({ status: 401, json: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } } });
    const result = await preview({ criteria: [WITTY], judgeKind: "openai", mode: "immediate" }, { OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: "sk-wrong", OPENAI_MODEL: "test-model" });
    expect(result.rows.every((row) => row.status === "error")).toBe(true);
    expect(result.rows[0].explanation).toMatch(/Incorrect API key|401|key/i);
    expect(result.rows[0].explanation).not.toContain("sk-wrong");
  });
});
