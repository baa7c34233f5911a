import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { otlpRequest, type SpanSpec } from "@/lib/transcripts/otlp/test-fixtures/build-request";
import { decodeTraceSpans } from "@/lib/transcripts/otlp/decode-protobuf";
import { encodeTraceRequest } from "@/lib/transcripts/otlp/protobuf";
import { compareNs } from "@/lib/transcripts/otlp/span";
import { genAiTrace, openInferenceTrace, TRACE } from "@/lib/transcripts/otlp/test-fixtures/traces";
import { createPrisma } from "@/lib/platform/db/client";
import { dialectOf } from "@/lib/platform/db/dialect";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { assembleQuietTraces, type AssemblyOptions } from "./assemble-quiet-traces";
import { getTrace } from "./get-trace";
import { OtlpRequestError, receiveTraceExport } from "./receive-export";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("traces");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

const QUIET: AssemblyOptions = { quietMs: 30_000, traceLinks: (id) => ({ spansUrl: `/api/otel/traces/${id}` }) };
const T = Date.parse("2026-11-25T10:00:00Z");
const second = (s: number) => new Date(T + s * 1000);
const send = async (specs: SpanSpec[], s: number, encoding: "json" | "protobuf" = "protobuf") => {
  const json = otlpRequest(specs);
  const body = encoding === "json" ? new TextEncoder().encode(JSON.stringify(json)) : encodeTraceRequest(json);
  return receiveTraceExport(prisma, body, encoding, { maxSpans: 1000, now: second(s) });
};

/** A trigger that refuses to store the transcript named `name`, standing in for a row the database cannot take. */
async function refuseTranscriptNamed(name: string): Promise<void> {
  if (dialectOf(prisma) === "postgresql") {
    await prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_named() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."name" = '${name}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_named BEFORE INSERT ON "Transcript" FOR EACH ROW EXECUTE FUNCTION refuse_named()`);
  } else {
    await prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_named BEFORE INSERT ON "Transcript" WHEN NEW."name" = '${name}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
  }
}

/** The i-th of many traces, each asking the weather of its own city ("Weather in City<i>?"). */
const manyTraceId = (i: number) => `${i.toString(16).padStart(2, "0")}f7651916cd43dd8448eb211c80319c`;
const askingCity = (i: number) => JSON.parse(JSON.stringify(openInferenceTrace(manyTraceId(i))).replaceAll("Lima", `City${i}`)) as SpanSpec[];

describe("traces in pieces", () => {
  it("waits for quiet, builds one transcript, and updates it in place when late spans arrive", async () => {
    const [root, llm1, tool, llm2] = openInferenceTrace();
    // Out of order, in two requests, the root span (which ends last) missing.
    expect(await send([tool, llm1], 0)).toEqual({ accepted: 2, partial: null });
    expect(await assembleQuietTraces(prisma, second(10), QUIET)).toMatchObject({ created: 0 });
    expect(await assembleQuietTraces(prisma, second(31), QUIET)).toMatchObject({ created: 1 });
    const first = await prisma.transcript.findFirstOrThrow({ include: { toolCalls: true } });
    expect(first).toMatchObject({ format: "otlp", name: "Weather in Lima?", toolCallCount: 1 });
    expect(first.toolCalls[0]).toMatchObject({ callId: "call_1", response: '{"sky":"sunny"}' });
    expect(first.metadata).toMatchObject({ trace: { traceId: TRACE, spans: 2, spansUrl: `/api/otel/traces/${TRACE}` } });

    await send([llm2, root], 40, "json");
    expect(await assembleQuietTraces(prisma, second(50), QUIET)).toMatchObject({ created: 0, updated: 0 });
    expect(await assembleQuietTraces(prisma, second(71), QUIET)).toMatchObject({ created: 0, updated: 1 });
    const updated = await prisma.transcript.findMany({ include: { toolCalls: true } });
    expect(updated).toHaveLength(1);
    expect(updated[0].id).toBe(first.id);
    expect(updated[0].messageCount).toBe(5);
    expect(updated[0].toolCalls.map((c) => c.id)).toEqual([first.toolCalls[0].id]);
    expect(updated[0].metadata).toMatchObject({ trace: { spans: 4, rootSpan: "agent" } });
    // Quiet and assembled: nothing more to do, and a span sent again is not a new span.
    expect(await assembleQuietTraces(prisma, second(200), QUIET)).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    await send([llm2], 300);
    expect(await assembleQuietTraces(prisma, second(400), QUIET)).toMatchObject({ unchanged: 1 });
    expect(await prisma.traceSpan.count()).toBe(4);
  });

  it("keeps each span as the JSON text it was read as, and gives the trace back whole in start order", async () => {
    const [root, llm1, tool, llm2] = openInferenceTrace();
    await send([tool, llm2], 0);
    await send([llm1, root, tool], 10);
    const decoded = decodeTraceSpans(encodeTraceRequest(otlpRequest([root, llm1, tool, llm2])));
    if (!decoded.ok) throw new Error(decoded.message);
    const stored = await prisma.traceSpan.findMany({ orderBy: { spanId: "asc" } });
    // Text on both databases: the same characters as JSON.stringify wrote, key order included.
    expect(stored.map((row) => row.data)).toEqual([...decoded.read.spans].sort((a, b) => (a.spanId < b.spanId ? -1 : 1)).map((span) => JSON.stringify(span)));
    const trace = await getTrace(prisma, TRACE);
    expect(trace?.spans).toEqual([...decoded.read.spans].sort((a, b) => compareNs(a.startNs, b.startNs)));
    expect(await getTrace(prisma, "0".repeat(32))).toBeNull();
    // The times of the request that wrote them, whatever the process's time zone.
    expect(await prisma.traceGroup.findFirstOrThrow()).toMatchObject({ firstSpanAt: second(0), lastSpanAt: second(10), spanCount: 4 });
    expect(stored.map((row) => row.receivedAt.getTime()).sort()).toEqual([second(0), second(10), second(10), second(10)].map((d) => d.getTime()));
  });

  it("stores a request of more spans than one insert takes (512), counting each new span once", async () => {
    const specs = Array.from({ length: 200 }, (_, i) => openInferenceTrace((i + 1).toString(16).padStart(32, "0"))).flat();
    // 600 spans (a full chunk and a rest), then all 800: the first 600 come again, mixed with new ones.
    expect(await send(specs.slice(0, 600), 0)).toEqual({ accepted: 600, partial: null });
    expect(await send([...specs].reverse(), 10)).toEqual({ accepted: 800, partial: null });
    expect(await prisma.traceSpan.count()).toBe(800);
    const groups = await prisma.traceGroup.findMany();
    expect(groups).toHaveLength(200);
    expect(groups.every((g) => g.spanCount === 4 && g.llmSpanCount === 2 && g.toolSpanCount === 1 && g.pending)).toBe(true);
    expect(await assembleQuietTraces(prisma, second(60), { ...QUIET, limit: 500 })).toMatchObject({ created: 200, duplicates: 0, failed: 0 });
  });

  it("counts a span once, whether it comes twice in one request or again later", async () => {
    const [, llm1, tool] = openInferenceTrace();
    await send([tool, llm1, tool], 0);
    await send([tool], 10);
    expect(await prisma.traceSpan.count()).toBe(2);
    expect(await prisma.traceGroup.findFirstOrThrow()).toMatchObject({ spanCount: 2, llmSpanCount: 1, toolSpanCount: 1, pending: true });
  });

  it("loses nothing across a restart between the spans and the assembly", async () => {
    await send(openInferenceTrace(), 0);
    await prisma.$disconnect();
    const restarted = createPrisma(db.url);
    try {
      expect(await assembleQuietTraces(restarted, second(60), QUIET)).toMatchObject({ created: 1 });
      expect(await restarted.toolCall.count()).toBe(1);
    } finally {
      await restarted.$disconnect();
      prisma = createPrisma(db.url);
      db.prisma = prisma;
    }
  });

  it("keeps a trace without an LLM span, says so, and assembles it once one arrives", async () => {
    const [root, llm1, tool] = openInferenceTrace();
    const result = await send([root, tool], 0);
    expect(result.partial).toEqual({ rejectedSpans: 0, errorMessage: expect.stringContaining(`1 trace has no LLM span yet (${TRACE})`) });
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ withoutLlm: 1 });
    expect(await prisma.traceGroup.findFirstOrThrow()).toMatchObject({ status: "no-llm", error: expect.stringContaining("none of its 2 spans is an LLM span") });
    expect((await send([llm1], 100)).partial).toBeNull();
    expect(await assembleQuietTraces(prisma, second(200), QUIET)).toMatchObject({ created: 1 });
    expect(await prisma.traceGroup.findFirstOrThrow()).toMatchObject({ status: "assembled", error: null, spanCount: 3, llmSpanCount: 1, toolSpanCount: 1 });
  });

  it("marks a trace that cannot be assembled as failed and goes on with the others", async () => {
    await send([...openInferenceTrace(), ...genAiTrace()], 0);
    await prisma.traceSpan.updateMany({ where: { traceId: TRACE, spanId: "a000000000000002" }, data: { data: "not a span" } });
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ created: 1, failed: 1 });
    expect(await prisma.traceGroup.findUniqueOrThrow({ where: { traceId: TRACE } })).toMatchObject({ status: "failed", pending: false, error: expect.stringMatching(/^could not be assembled: /) });
  });

  it("fails a trace whose transcript the database refuses, alone: the others of the pass are stored", async () => {
    // On PostgreSQL the pass is written in one batch first; this makes it fall back to one trace at a time.
    await refuseTranscriptNamed("Weather in Lima?");
    await send([...openInferenceTrace(), ...genAiTrace()], 0);
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ created: 1, failed: 1 });
    expect(await prisma.traceGroup.findUniqueOrThrow({ where: { traceId: TRACE } })).toMatchObject({ status: "failed", pending: false, transcriptId: null, error: expect.stringContaining("refused by the test") });
    const stored = await prisma.transcript.findMany({ include: { toolCalls: true } });
    expect(stored).toHaveLength(1);
    expect(stored[0].name).not.toBe("Weather in Lima?");
    expect(stored[0].toolCalls.length).toBeGreaterThan(0);
    expect(await prisma.toolCall.count()).toBe(stored[0].toolCalls.length);
    expect(await prisma.traceGroup.findFirstOrThrow({ where: { NOT: { traceId: TRACE } } })).toMatchObject({ status: "assembled", pending: false, transcriptId: stored[0].id });
  });

  it("fails a trace with a NUL character alone on PostgreSQL, saying where it is; SQLite stores it", async () => {
    // The user's message holds U+0000, which PostgreSQL stores in neither text nor jsonb.
    const withNul = JSON.parse(JSON.stringify(openInferenceTrace()).replaceAll("Weather in Lima?", "Weather in Li\\u0000ma?")) as SpanSpec[];
    await send([...withNul, ...genAiTrace()], 0);
    const report = await assembleQuietTraces(prisma, second(60), QUIET);
    const group = await prisma.traceGroup.findUniqueOrThrow({ where: { traceId: TRACE } });
    if (dialectOf(prisma) === "postgresql") {
      expect(report).toMatchObject({ created: 1, failed: 1 });
      expect(group).toMatchObject({ status: "failed", pending: false, transcriptId: null });
      expect(group.error).toMatch(/^could not be assembled: messages\[\d+\]\.content contains a NUL character \(\\u0000\), which PostgreSQL cannot store/);
      expect(await prisma.transcript.count()).toBe(1);
    } else {
      expect(report).toMatchObject({ created: 2, failed: 0 });
      expect(group).toMatchObject({ status: "assembled" });
      expect((await prisma.transcript.findUniqueOrThrow({ where: { id: group.transcriptId! } })).name).toBe("Weather in Li\u0000ma?");
    }
  });

  it("assembles a pass of many traces as if one by one: a conversation stored before, failures and traces without an LLM span among them", async () => {
    // 60 traces: on PostgreSQL the pass is pipelined in steps of 25, so these cross steps.
    // Trace 37 was assembled before and its group is gone (as after a restore): the same conversation comes again.
    await send(askingCity(37), 0);
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ created: 1 });
    const stored = (await prisma.transcript.findFirstOrThrow()).id;
    await prisma.traceGroup.deleteMany();
    await prisma.traceSpan.deleteMany();

    const specs = Array.from({ length: 60 }, (_, i) => askingCity(i)).map((trace, i) => (i === 12 ? trace.filter((span) => span.name !== "OpenAI Chat Completions") : trace));
    await send(specs.flat(), 100);
    await prisma.traceSpan.updateMany({ where: { traceId: manyTraceId(44), spanId: "a000000000000002" }, data: { data: "not a span" } });
    expect(await assembleQuietTraces(prisma, second(200), QUIET)).toEqual({ created: 57, updated: 0, unchanged: 0, duplicates: 1, withoutLlm: 1, failed: 1, more: false });

    const groups = new Map((await prisma.traceGroup.findMany()).map((group) => [group.traceId, group]));
    expect(groups.get(manyTraceId(37))).toMatchObject({ status: "duplicate", pending: false, transcriptId: null, error: `the same conversation is already stored as transcript ${stored}` });
    expect(groups.get(manyTraceId(12))).toMatchObject({ status: "no-llm", pending: false, transcriptId: null });
    expect(groups.get(manyTraceId(44))).toMatchObject({ status: "failed", pending: false, transcriptId: null, error: expect.stringMatching(/^could not be assembled: /) });
    const transcripts = new Map((await prisma.transcript.findMany({ include: { toolCalls: true } })).map((t) => [t.id, t]));
    expect(transcripts.size).toBe(58);
    for (let i = 0; i < 60; i++) {
      if ([37, 12, 44].includes(i)) continue;
      const group = groups.get(manyTraceId(i))!;
      expect(group).toMatchObject({ status: "assembled", pending: false });
      expect(transcripts.get(group.transcriptId!)).toMatchObject({ name: `Weather in City${i}?`, toolCalls: [expect.objectContaining({ toolName: "get_weather", responseIndex: 3 })] });
    }
  });

  it("falls back to one trace at a time when the database refuses a transcript in a later step of a long pass", async () => {
    await refuseTranscriptNamed("Weather in City40?");
    await send(Array.from({ length: 60 }, (_, i) => askingCity(i)).flat(), 0);
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ created: 59, failed: 1, duplicates: 0 });
    expect(await prisma.traceGroup.findUniqueOrThrow({ where: { traceId: manyTraceId(40) } })).toMatchObject({ status: "failed", transcriptId: null, error: expect.stringContaining("refused by the test") });
    expect(await prisma.transcript.count()).toBe(59);
    expect(await prisma.toolCall.count()).toBe(59);
    expect(await prisma.traceGroup.count({ where: { status: "assembled", pending: false, transcriptId: { not: null } } })).toBe(59);
  });

  it("assembles each quiet trace once when two workers assemble at the same moment", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => i);
    await send(ids.flatMap(askingCity), 0);
    const reports = await Promise.all([assembleQuietTraces(prisma, second(60), QUIET), assembleQuietTraces(prisma, second(60), QUIET)]);
    expect(reports.reduce((sum, report) => sum + report.created, 0)).toBe(ids.length);
    expect(reports.reduce((sum, report) => sum + report.duplicates + report.failed, 0)).toBe(0);
    const groups = await prisma.traceGroup.findMany();
    expect(groups).toHaveLength(ids.length);
    expect(groups.every((group) => group.status === "assembled" && group.transcriptId !== null && !group.pending)).toBe(true);
    expect(await prisma.transcript.count()).toBe(ids.length);
  });

  it("makes one transcript of the traces of one conversation", async () => {
    const one = genAiTrace("4ef7651916cd43dd8448eb211c80319c");
    const two = genAiTrace("5ff7651916cd43dd8448eb211c80319c").map((s) => ({ ...s, spanId: s.spanId.replace("b", "d") }));
    await send(one, 0);
    expect(await assembleQuietTraces(prisma, second(60), QUIET)).toMatchObject({ created: 1 });
    await send(two, 100);
    expect(await assembleQuietTraces(prisma, second(200), QUIET)).toMatchObject({ updated: 1 });
    const transcripts = await prisma.transcript.findMany();
    expect(transcripts).toHaveLength(1);
    expect(transcripts[0].metadata).toMatchObject({ sessionId: "conv-7", trace: { traceIds: ["4ef7651916cd43dd8448eb211c80319c", "5ff7651916cd43dd8448eb211c80319c"] } });
    expect((await prisma.traceGroup.findMany()).map((t) => t.transcriptId)).toEqual([transcripts[0].id, transcripts[0].id]);
  });
});

describe("receiveTraceExport", () => {
  it("refuses a body that is not an export request, storing nothing", async () => {
    const notOtlp = new TextEncoder().encode(JSON.stringify({ messages: [] }));
    await expect(receiveTraceExport(prisma, notOtlp, "json", { maxSpans: 10 })).rejects.toThrow(new OtlpRequestError("not an OTLP trace export request: resourceSpans: expected a `resourceSpans` array (an OTLP ExportTraceServiceRequest); found `messages`", 400));
    await expect(receiveTraceExport(prisma, new TextEncoder().encode("{oops"), "json", { maxSpans: 10 })).rejects.toThrow(/the body is not valid JSON/);
    await expect(receiveTraceExport(prisma, new Uint8Array([0x0a, 0xff, 0xff, 0xff]), "protobuf", { maxSpans: 10 })).rejects.toThrow(/not a protobuf ExportTraceServiceRequest/);
  });

  it("counts rejected spans and warnings in the partial success, and stores the rest", async () => {
    const specs = openInferenceTrace();
    const body = otlpRequest(specs);
    body.resourceSpans[0].scopeSpans[0].spans[0].spanId = "nope";
    body.resourceSpans[0].scopeSpans[0].spans[1].attributes.push({ key: "odd", value: { boolValue: "yes" } } as never);
    const result = await receiveTraceExport(prisma, new TextEncoder().encode(JSON.stringify(body)), "json", { maxSpans: 2 });
    expect(result.accepted).toBe(1);
    expect(result.partial?.rejectedSpans).toBe(3);
    expect(result.partial?.errorMessage).toContain("3 spans rejected: resourceSpans[0].scopeSpans[0].spans[0].spanId: expected a span id of 8 bytes");
    expect(result.partial?.errorMessage).toContain("2 spans over the limit of 2 per request left out");
    expect(result.partial?.errorMessage).toContain("1 warning: resourceSpans[0].scopeSpans[0].spans[1].attributes[");
    expect(await prisma.traceSpan.count()).toBe(1);
  });
});

describe("the worker", () => {
  it("assembles quiet traces as part of its loop", async () => {
    const { startWorker } = await import("@/lib/runs/server/worker/start-worker");
    await receiveTraceExport(prisma, encodeTraceRequest(otlpRequest(openInferenceTrace())), "protobuf", { maxSpans: 1000 });
    const worker = startWorker({ prisma, pollMs: 20, traces: { quietMs: 0 } });
    try {
      await expect.poll(() => prisma.transcript.count(), { timeout: 5000 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
