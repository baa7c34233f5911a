import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseCriterion } from "@/lib/criteria/parse";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { backfillMonitor } from "@/lib/monitors/server/backfill";
import { createMonitor } from "@/lib/monitors/server/save-monitor";
import { createMonitorSchema } from "@/lib/monitors/schemas/monitor";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { importFile } from "@/lib/transcripts/server/import-file";
import { createRun } from "./create-run";
import { materialiseRun } from "./materialise-run";
import { callMarks } from "./results/call-marks";
import { runCallCount, runCallIds } from "./results/run-call-query";
import { runUntilIdle } from "./worker/run-until-idle";

/*
 * A run's call bounds (call-bounds.ts) against what they stand for: every writer of results keeps
 * them around the run's transcripts, so the run's list, which walks only the transcripts between
 * them, holds every call of the run in both orders. On SQLite and on PostgreSQL.
 */

let db: TestDatabase;
let prisma: PrismaClient;
let admin: { id: string; role: "admin" };

beforeEach(async () => {
  db = await createTestDatabase("call-bounds");
  prisma = db.prisma;
  const user = await prisma.user.create({ data: { email: "ana@example.com", name: "Ana", role: "admin" }, select: { id: true } });
  admin = { id: user.id, role: "admin" };
});
afterEach(() => db.cleanup());

const CRITERION = "Tool call fails if the tool returned an error";

/** A transcript of `calls` weather calls, answered. */
const chat = (city: string, calls: number) => ({
  messages: [
    { role: "user", content: `Weather in ${city}?` },
    ...Array.from({ length: calls }, (_, index) => [
      { role: "assistant", content: null, tool_calls: [{ id: `c${index}`, type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city, day: index }) } }] },
      { role: "tool", tool_call_id: `c${index}`, content: '{"temp": 20}' },
    ]).flat(),
    { role: "assistant", content: "It is 20 degrees." },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, day: { type: "integer" } }, required: ["city"] } } }],
  metadata: { service: "weather-agent" },
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

/** Imports one transcript per city, the n-th stored as created on day `days[n]`; returns the upload. */
async function importOn(cities: string[], days: number[]): Promise<{ uploadId: string; ids: string[] }> {
  const report = await importFile(prisma, { fileName: "batch.jsonl", source: "api", maxFileBytes: 1e7, chunks: [cities.map((city, index) => JSON.stringify(chat(city, 1 + (index % 3)))).join("\n")] });
  const ids: string[] = [];
  for (const [index, city] of cities.entries()) {
    const row = await prisma.transcript.findFirstOrThrow({ where: { name: `Weather in ${city}?` }, select: { id: true } });
    await prisma.transcript.update({ where: { id: row.id }, data: { createdAt: day(days[index]) } });
    ids.push(row.id);
  }
  return { uploadId: report.uploadId, ids };
}

async function bounds(runId: string) {
  return prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { callsFrom: true, callsTo: true } });
}

/** The run's calls in the list's order, found without the bounds: every call with a result, by its transcript's (createdAt, id), then ordinal. */
async function expectedCalls(runId: string): Promise<string[]> {
  const calls = await prisma.toolCall.findMany({
    where: { evaluations: { some: { runId } } },
    select: { id: true, ordinal: true, transcript: { select: { id: true, createdAt: true } } },
  });
  const key = (call: (typeof calls)[number]) => [call.transcript.createdAt.getTime(), call.transcript.id, call.ordinal, call.id] as const;
  return calls
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
      return 0;
    })
    .map((call) => call.id);
}

/** The run's list and count in both orders agree with expectedCalls, and it has `n` calls. */
async function expectListed(runId: string, n: number) {
  const expected = await expectedCalls(runId);
  expect(expected).toHaveLength(n);
  const asc = runViewSchema.parse({ dir: "asc" });
  const desc = runViewSchema.parse({ dir: "desc" });
  expect(await runCallIds(prisma, runId, asc, 0, 100)).toEqual(expected);
  expect(await runCallIds(prisma, runId, desc, 0, 100)).toEqual([...expected].reverse());
  expect(await runCallIds(prisma, runId, asc, 1, 2)).toEqual(expected.slice(1, 3));
  expect(await runCallCount(prisma, runId, asc)).toBe(n);
  // The tool-call page's marks walk the same transcripts: the first is the first call's.
  const first = expected.length ? await prisma.toolCall.findUniqueOrThrow({ where: { id: expected[0] }, select: { transcriptId: true } }) : undefined;
  expect((await callMarks(prisma, runId)).marks).toEqual(first ? [{ transcriptId: first.transcriptId, before: 0 }] : []);
}

describe("a run's call bounds", () => {
  it("hold a run's transcripts, batch after batch of its materialisation, among older and newer ones", async () => {
    await importOn(["Oslo", "Rome"], [1, 2]);
    const middle = await importOn(["Lima", "Bern", "Kiev"], [5, 3, 4]);
    await importOn(["Quito"], [9]);
    const criterion = await createCriterion(prisma, (() => {
      const parsed = parseCriterion(CRITERION);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.criterion;
    })());
    const created = await createRun(prisma, newRunSchema.parse({ selection: { kind: "upload", uploadId: middle.uploadId }, criterionIds: [criterion.id], mode: "both" }), new Date(), { inlineEvaluations: 0 });
    expect(await bounds(created.runId)).toEqual({ callsFrom: null, callsTo: null });
    await expectListed(created.runId, 0);

    // One call per batch: each batch widens the bounds, to the three transcripts' days at the end.
    await materialiseRun(prisma, created.runId, 1);
    expect(await bounds(created.runId)).toEqual({ callsFrom: day(3), callsTo: day(5) });
    await expectListed(created.runId, 6);

    const all = await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: [criterion.id], mode: "auto" }));
    expect(await bounds(all.runId)).toEqual({ callsFrom: day(1), callsTo: day(9) });
    await expectListed(all.runId, 10);
  });

  it("grow with a monitor's run: new arrivals, then a backfill of older transcripts", async () => {
    const monitor = await createMonitor(
      prisma,
      admin,
      createMonitorSchema.parse({ name: "weather", criteria: [CRITERION], judge: "checks", mode: "auto", sample: 1, filter: { source: "api", service: "weather-agent" } }),
      {},
    );
    await importOn(["Oslo", "Rome"], [1, 2]);
    const quiet = { onError: (error: unknown) => { throw error; } };
    await runUntilIdle({ prisma, ...quiet });
    expect(await bounds(monitor.runId)).toEqual({ callsFrom: day(1), callsTo: day(2) });
    // An old transcript arrives late (imported now, created long ago): the bounds reach back to it.
    await importOn(["Lima"], [0]);
    await runUntilIdle({ prisma, ...quiet });
    expect(await bounds(monitor.runId)).toEqual({ callsFrom: day(0), callsTo: day(2) });
    await expectListed(monitor.runId, 1 + 2 + 1);

    // Transcripts stored before the monitor (no arrival): a backfill of their period adds them.
    await prisma.monitor.update({ where: { id: monitor.id }, data: { paused: true } });
    await importOn(["Bern", "Kiev"], [-5, 7]);
    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(4);
    await prisma.monitor.update({ where: { id: monitor.id }, data: { paused: false } });
    expect(await backfillMonitor(prisma, admin, monitor.id, { from: day(-10), to: day(10) })).toEqual({ queued: 5 });
    await runUntilIdle({ prisma, ...quiet });
    expect(await bounds(monitor.runId)).toEqual({ callsFrom: day(-5), callsTo: day(7) });
    await expectListed(monitor.runId, 1 + 2 + 1 + 1 + 2);
  });
});
