import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { importFile } from "@/lib/transcripts/server/import-file";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { runCallIds } from "@/lib/runs/server/results/run-call-query";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { createMonitorSchema, type CreateMonitorInput } from "../schemas/monitor";
import { checkAlerts } from "./check-alerts";
import { deliverDueAlerts } from "./deliver-alerts";
import { feedReviewQueues } from "./feed-review";
import { rollupDueHours, sumRange } from "./rollup-hours";
import { createMonitor, deleteMonitor, updateMonitor } from "./save-monitor";
import { takeArrivals } from "./take-arrivals";
import { backfillMonitor } from "./backfill";
import { monitorLiveCheckHook } from "./live-check-hook";
import { takeLiveChecks } from "./take-live-checks";

// On the test database of CALLBOARD_TEST_DATABASE: these run on PostgreSQL too (npm run test:pg).
let db: TestDatabase;
let prisma: PrismaClient;
let admin: { id: string; role: "admin" };

beforeEach(async () => {
  db = await createTestDatabase("monitors");
  prisma = db.prisma;
  const user = await prisma.user.create({ data: { email: "ana@example.com", name: "Ana", role: "admin" }, select: { id: true } });
  admin = { id: user.id, role: "admin" };
});
afterEach(() => db.cleanup());

const ERROR_CRITERION = "Tool call fails if the tool returned an error";

/** A chat whose weather call succeeds or returns an error, from `service`. */
const chat = (city: string, failed: boolean, metadata: Record<string, unknown> = { service: "weather-agent", model: "gpt-4.1" }) => ({
  messages: [
    { role: "user", content: `Weather in ${city}?` },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: JSON.stringify({ city }) } }] },
    { role: "tool", tool_call_id: "c1", content: failed ? '{"error": "upstream timeout"}' : '{"temp": 20}' },
    { role: "assistant", content: failed ? "Sorry, the weather service failed." : "It is 20 degrees." },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
  metadata,
});

async function upload(items: unknown[], source: "api" | "cli" | "browser" = "api") {
  return importFile(prisma, { fileName: "batch.jsonl", source, maxFileBytes: 1e7, chunks: [items.map((item) => JSON.stringify(item)).join("\n")] });
}

const monitorRequest = (over: Partial<CreateMonitorInput> = {}) =>
  createMonitorSchema.parse({ name: "weather agent in production", criteria: [ERROR_CRITERION], judge: "checks", mode: "auto", sample: 1, filter: { source: "api", service: "weather-agent" }, ...over });

const quiet = { onError: (error: unknown) => { throw error; } };

describe("monitors", () => {
  it("judges each new matching transcript into its run, once, and leaves the rest", async () => {
    const monitor = await createMonitor(prisma, admin, monitorRequest(), {});
    await upload([chat("Paris", false), chat("Rome", true), chat("Oslo", false, { service: "other-agent" })]);
    await upload([chat("Lima", true)], "cli");
    expect(await prisma.monitorInbox.count()).toBe(4);

    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.monitorInbox.count()).toBe(0);
    const results = await prisma.evaluation.findMany({ where: { runId: monitor.runId }, select: { status: true, passed: true, mode: true, toolCall: { select: { transcript: { select: { name: true } } } } } });
    expect(results).toHaveLength(2);
    expect(results.every((row) => row.status === "done" && row.mode === "hindsight")).toBe(true);
    expect(results.map((row) => row.passed).sort()).toEqual([false, true]);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: monitor.runId } });
    expect(run).toMatchObject({ total: 2, doneCount: 2, status: "done" });

    // The same content again is no new arrival; another transcript grows the run.
    await upload([chat("Paris", false)]);
    await upload([chat("Bern", false)]);
    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(3);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: monitor.runId }, select: { total: true, status: true } })).toEqual({ total: 3, status: "done" });
  });

  it("samples by a hash of the ids, and a paused monitor takes nothing", async () => {
    const half = await createMonitor(prisma, admin, monitorRequest({ name: "half", sample: 0.5, filter: {} }), {});
    const paused = await createMonitor(prisma, admin, monitorRequest({ name: "paused", paused: true, filter: {} }), {});
    await upload(Array.from({ length: 40 }, (_, i) => chat(`City ${i}`, i % 2 === 0)));
    await runUntilIdle({ prisma, ...quiet });
    const judged = await prisma.evaluation.count({ where: { runId: half.runId } });
    expect(judged).toBeGreaterThan(8);
    expect(judged).toBeLessThan(32);
    expect(await prisma.evaluation.count({ where: { runId: paused.runId } })).toBe(0);
  });

  it("refuses unknown criteria and alert criteria it does not judge, and writes nothing", async () => {
    await expect(createMonitor(prisma, admin, monitorRequest({ criteria: ["not-a-criterion-id"] }), {})).rejects.toThrow(/criteria\[0\]: there is no criterion with id "not-a-criterion-id"/);
    await expect(
      createMonitor(prisma, admin, monitorRequest({ alert: { criterion: "Tool call passes if the arguments are valid", below: 0.5, webhook: "https://hooks.example/a" } }), {}),
    ).rejects.toThrow(/alert\[0\]\.criterion: .* is not one of this monitor's criteria/);
    await expect(createMonitor(prisma, admin, monitorRequest({ judge: "openai" }), {})).rejects.toThrow(/judge: the .* judge is not configured on this server/);
    expect(await prisma.monitor.count()).toBe(0);
    expect(await prisma.run.count()).toBe(0);
  });

  it("sums trends by hour, fires an alert once, posts it, resolves it, and feeds review", async () => {
    const received: unknown[] = [];
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push(JSON.parse(body));
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const webhook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const monitor = await createMonitor(prisma, admin, monitorRequest({ alert: { criterion: ERROR_CRITERION, below: 0.9, window: 4, webhook }, review: { perDay: 2 } }), {});
      await upload([chat("A", true), chat("B", true), chat("C", false), chat("D", true)]);
      await runUntilIdle({ prisma, ...quiet });
      await rollupDueHours(prisma);
      const buckets = await prisma.monitorBucket.findMany({ where: { monitorId: monitor.id, dimension: "" } });
      expect(buckets).toHaveLength(1);
      expect(buckets[0]).toMatchObject({ judged: 4, passes: 1 });
      expect(await prisma.monitorBucket.count({ where: { monitorId: monitor.id, dimension: "service", value: "weather-agent" } })).toBe(1);
      expect(await prisma.monitorHour.findFirstOrThrow({ where: { monitorId: monitor.id } })).toMatchObject({ dirty: false });

      expect(await checkAlerts(prisma, new Date(), "http://callboard.test")).toEqual({ measured: 1, transitions: 1 });
      expect(await checkAlerts(prisma, new Date(), "http://callboard.test")).toEqual({ measured: 0, transitions: 0 });
      expect(await deliverDueAlerts(prisma)).toEqual({ delivered: 1, failed: 0 });
      expect(received).toEqual([expect.objectContaining({ state: "firing", value: 0.25, threshold: 0.9, window: 4, monitor: { id: monitor.id, name: "weather agent in production" } })]);
      expect((received[0] as { link: string }).link).toBe(`http://callboard.test/runs/${monitor.runId}?criterion=${(await prisma.criterion.findFirstOrThrow({ where: { text: ERROR_CRITERION } })).id}&verdict=fail`);

      expect(await feedReviewQueues(prisma)).toBe(2);
      expect(await feedReviewQueues(prisma)).toBe(0);

      await upload([chat("E", false), chat("F", false), chat("G", false), chat("H", false)]);
      await runUntilIdle({ prisma, ...quiet });
      expect(await checkAlerts(prisma, new Date(), "http://callboard.test")).toEqual({ measured: 1, transitions: 1 });
      await deliverDueAlerts(prisma);
      expect(received.map((body) => (body as { state: string }).state)).toEqual(["firing", "resolved"]);
      const events = await prisma.alertEvent.findMany({ where: { monitorId: monitor.id }, orderBy: { createdAt: "asc" } });
      expect(events.map((event) => [event.state, event.delivery])).toEqual([["firing", "delivered"], ["resolved", "delivered"]]);
    } finally {
      server.close();
    }
  });

  it("sums an hour page by page, call-level and agent-level results alike, as it would in one read", async () => {
    const agent = "Agent passes if it stays faithful to tool results and leaves no error unrecovered";
    const monitor = await createMonitor(prisma, admin, monitorRequest({ criteria: [ERROR_CRITERION, agent] }), {});
    await upload(["A", "B", "C", "D", "E"].map((city, i) => chat(city, i % 2 === 0, { service: "weather-agent", model: i < 2 ? "gpt-4.1" : "o3", tags: ["prod"] })));
    await runUntilIdle({ prisma, ...quiet });
    const whole = await sumRange(prisma, monitor.runId, "0", "g", 1_000);
    // Pages of 2 rows: every page boundary falls inside the results of one call or transcript.
    const paged = await sumRange(prisma, monitor.runId, "0", "g", 2);
    const byKey = (sums: typeof whole) => [...sums.buckets].sort((a, b) => `${a.criterionId}${a.dimension}${a.value}`.localeCompare(`${b.criterionId}${b.dimension}${b.value}`));
    expect(byKey(paged)).toEqual(byKey(whole));
    expect(paged.unsettled).toBe(0);
    const overall = whole.buckets.filter((bucket) => bucket.dimension === "");
    // Five calls and five transcripts, each judged once (auto mode: hindsight).
    expect(overall.map((bucket) => bucket.judged + bucket.notApplicable + bucket.errors)).toEqual([5, 5]);
    expect(overall.find((bucket) => bucket.judged === 5 && bucket.passes === 2)).toBeDefined();
  });

  it("retries a webhook that fails, without holding anything else up", async () => {
    const monitor = await createMonitor(prisma, admin, monitorRequest({ alert: { criterion: ERROR_CRITERION, below: 0.9, window: 2, webhook: "http://127.0.0.1:9/unreachable" } }), {});
    await upload([chat("A", true), chat("B", true)]);
    await runUntilIdle({ prisma, ...quiet });
    await checkAlerts(prisma, new Date(), "http://callboard.test");
    expect(await deliverDueAlerts(prisma)).toEqual({ delivered: 0, failed: 1 });
    const event = await prisma.alertEvent.findFirstOrThrow({ where: { monitorId: monitor.id } });
    expect(event).toMatchObject({ delivery: "pending", attempts: 1 });
    expect(event.lastError).toMatch(/the post failed/);
    expect(event.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is posted before its wait is over.
    expect(await deliverDueAlerts(prisma)).toEqual({ delivered: 0, failed: 0 });
  });

  it("backfills stored transcripts of a period, and a deleted monitor keeps its run when asked", async () => {
    await upload([chat("Old 1", false), chat("Old 2", true)]);
    const monitor = await createMonitor(prisma, admin, monitorRequest(), {});
    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(0);
    expect(await backfillMonitor(prisma, admin, monitor.id, { from: new Date(Date.now() - 3_600_000) })).toEqual({ queued: 2 });
    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(2);

    await updateMonitor(prisma, admin, monitor.id, { name: "renamed", sample: 0.5 }, {});
    expect(await prisma.monitor.findUniqueOrThrow({ where: { id: monitor.id }, select: { name: true, sample: true } })).toEqual({ name: "renamed", sample: 0.5 });
    await deleteMonitor(prisma, admin, monitor.id, "keep");
    expect(await prisma.monitor.count()).toBe(0);
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(2);
  });

  it("takes nothing twice when arrivals are taken again", async () => {
    const monitor = await createMonitor(prisma, admin, monitorRequest(), {});
    await upload([chat("A", false)]);
    await takeArrivals(prisma);
    await prisma.monitorInbox.create({ data: { monitorId: monitor.id, transcriptId: (await prisma.transcript.findFirstOrThrow()).id } });
    await takeArrivals(prisma);
    expect(await prisma.evaluation.count({ where: { runId: monitor.runId } })).toBe(1);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: monitor.runId } })).total).toBe(1);
  });
});

describe("live checks recorded into a monitor", () => {
  it("keeps each answered check once, written after the answers and read by the worker, without announcing it to other monitors", async () => {
    const monitor = await createMonitor(prisma, admin, monitorRequest({ filter: {} }), {});
    const other = await createMonitor(prisma, admin, monitorRequest({ name: "everything", filter: {} }), {});
    const { messages, tools } = chat("Paris", true);
    const body = new TextEncoder().encode(JSON.stringify({ messages, tools, evaluation_criteria: "Tool call passes if the arguments are valid" }));
    const reply = { status: 200, headers: {}, text: JSON.stringify({ passed: true, explanation: "valid", findings: [], judge: "checks@test", view: "hindsight", tool_call_id: "c1", tool_name: "get_weather" }) };
    const answered = (url: string, headers: Record<string, string> = {}) => ({ endpoint: "binary" as const, url, headers: new Headers(headers), user: { id: admin.id, email: "ana@example.com", name: "Ana", role: "admin" as const, via: "token" as const }, body, receivedAt: Date.now() });
    const recorder = monitorLiveCheckHook(() => prisma);
    await recorder.hook(answered(`/api/v1/evals/binary?monitor=${monitor.id}`), reply);
    await recorder.hook(answered("/api/v1/evals/binary", { "x-callboard-monitor": monitor.id }), reply);
    await recorder.hook(answered("/api/v1/evals/binary?monitor=no-such-monitor"), reply);
    await recorder.hook(answered("/api/v1/evals/binary"), reply);
    await recorder.hook(answered(`/api/v1/evals/binary?monitor=${monitor.id}`), { ...reply, status: 400 });
    await recorder.drain();
    expect(await prisma.liveCheckInbox.count()).toBe(2);

    expect(await takeLiveChecks(prisma)).toEqual({ taken: 2, more: false });
    const rows = await prisma.evaluation.findMany({ where: { runId: monitor.runId }, select: { status: true, passed: true, score: true, mode: true, criterion: { select: { text: true } } } });
    expect(rows).toEqual([{ status: "done", passed: true, score: 1, mode: "hindsight", criterion: { text: "Tool call passes if the arguments are valid" } }]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: monitor.runId }, select: { total: true, doneCount: true } })).toEqual({ total: 1, doneCount: 1 });
    // The run's list walks the transcripts within its call bounds: recording widened them to the check's transcript.
    const recorded = await prisma.evaluation.findFirstOrThrow({ where: { runId: monitor.runId }, select: { toolCallId: true, toolCall: { select: { transcript: { select: { createdAt: true } } } } } });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: monitor.runId }, select: { callsFrom: true, callsTo: true } })).toEqual({ callsFrom: recorded.toolCall?.transcript.createdAt, callsTo: recorded.toolCall?.transcript.createdAt });
    expect(await runCallIds(prisma, monitor.runId, runViewSchema.parse({}), 0, 10)).toEqual([recorded.toolCallId]);
    expect(await prisma.runCriterion.count({ where: { runId: monitor.runId } })).toBe(2);
    expect(await prisma.monitorInbox.count({ where: { monitorId: other.id } })).toBe(0);
    expect(await prisma.liveCheckInbox.count()).toBe(0);
    await rollupDueHours(prisma);
    expect(await prisma.monitorBucket.count({ where: { monitorId: monitor.id } })).toBeGreaterThan(0);
  });
});
