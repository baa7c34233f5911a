import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Judge, JudgeResult } from "@/lib/judging/judges/types";
import { createRun } from "@/lib/runs/server/create-run";
import { cancelRun } from "@/lib/runs/server/cancel-run";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { getRunProgress } from "@/lib/runs/server/run-progress";
import { dialectOf } from "@/lib/platform/db/dialect";
import { MIGRATIONS_FOLDERS } from "@/lib/platform/db/migrations-dir";
import { newRunSchema, type NewRunInput, type RunMode } from "@/lib/runs/schemas/runs";
import type { JudgeFactory } from "./judge-factory";
import { runUntilIdle } from "./run-until-idle";
import { startWorker } from "./start-worker";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "./test-fixtures/database";
import { countingJudge, FakeJudgeError, flakyJudge, groupJudge } from "./test-fixtures/judges";
import { waitFor } from "./test-fixtures/wait";

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let criterionIds: string[];
let testNumber = 0;

beforeAll(async () => {
  template = await createDemoTemplate("callboard-worker-");
});
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyDatabase(template.file, `worker-${++testNumber}`);
  prisma = db.prisma;
  criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
});
afterEach(() => db.cleanup());

const create = (input: Partial<NewRunInput> = {}) => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, ...input }));
const always = (judge: Judge): JudgeFactory => () => judge;
const quiet = { onError: () => {} };

describe("executing runs with the checks judge", () => {
  it.each<RunMode>(["auto", "immediate", "hindsight", "both"])("finishes every evaluation of a %s run", async (mode) => {
    const created = await create({ mode });
    const report = await runUntilIdle({ prisma, ...quiet });
    expect(report).toMatchObject({ claimed: created.pending, written: created.pending, discarded: 0, released: 0 });

    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run).toMatchObject({ status: "done", total: created.total, doneCount: created.total, errorCount: 0, cacheHits: 0 });
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt).not.toBeNull();

    const rows = await prisma.evaluation.findMany({ where: { runId: created.runId }, include: { toolCall: { select: { responseIndex: true } } } });
    const judged = rows.filter((row) => row.status === "done");
    expect(judged.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(["done", "not-applicable"]).toContain(row.status);
      if (row.mode === "hindsight") expect(row.toolCall.responseIndex === null ? row.status : "answered").not.toBe("done");
      if (row.status === "done") {
        expect(row.score !== null || row.passed !== null).toBe(true);
        expect(row).toMatchObject({ judgeId: "checks", attempts: 1, cached: false, error: null });
        expect(Array.isArray(row.findings)).toBe(true);
        expect(Array.isArray(row.measuredBy)).toBe(true);
        expect(row.explanation).toMatch(/Measured/);
      }
      if (row.status === "not-applicable") expect(row.explanation).toBeTruthy();
    }
    // Settled at creation and judged not applicable alike: the progress of a running run reads this counter.
    expect(run.notApplicableCount).toBe(rows.filter((row) => row.status === "not-applicable").length);
    const noResponse = rows.filter((row) => row.mode === "hindsight" && row.toolCall.responseIndex === null);
    expect(noResponse.length).toBe(mode === "hindsight" || mode === "both" ? criterionIds.length : 0);
    expect(noResponse.every((row) => row.status === "not-applicable" && row.attempts === 0 && /no tool response/.test(row.explanation ?? ""))).toBe(true);

    const progress = await getRunProgress(prisma, created.runId);
    expect(progress).toMatchObject({ status: "done", finished: created.total, fraction: 1 });
    expect(progress?.counts).toMatchObject({ pending: 0, running: 0, error: 0 });
  });
});

describe("caching", () => {
  it("answers a second identical run from the cache without calling the judge", async () => {
    const judge = countingJudge();
    const first = await create({ mode: "both", criterionIds: criterionIds.slice(0, 3) });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(judge.calls).toHaveLength(first.pending);
    expect(await prisma.judgeCache.count()).toBe(first.pending);

    const second = await create({ mode: "both", criterionIds: criterionIds.slice(0, 3) });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(judge.calls).toHaveLength(first.pending);

    const run = await prisma.run.findUniqueOrThrow({ where: { id: second.runId } });
    expect(run).toMatchObject({ status: "done", cacheHits: second.pending, doneCount: second.total });
    expect((await getRunProgress(prisma, second.runId))?.cacheHits).toBe(second.pending);

    const key = (row: { toolCallId: string; criterionId: string; mode: string }) => `${row.toolCallId}/${row.criterionId}/${row.mode}`;
    const select = { toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true, explanation: true, findings: true, cached: true, attempts: true, costUsd: true } as const;
    const before = new Map((await prisma.evaluation.findMany({ where: { runId: first.runId }, select })).map((row) => [key(row), row]));
    const after = await prisma.evaluation.findMany({ where: { runId: second.runId }, select });
    for (const row of after) {
      const original = before.get(key(row));
      expect({ ...row, cached: false, attempts: original?.attempts }).toEqual(original);
      if (row.status === "done") expect(row).toMatchObject({ cached: true, attempts: 0, costUsd: null });
    }
  });

  it("keys the cache by judge: another judge judges again", async () => {
    const a = countingJudge("judge-a");
    const b = countingJudge("judge-b");
    const first = await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(a), ...quiet });
    await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(b), ...quiet });
    expect(a.calls).toHaveLength(first.pending);
    expect(b.calls).toHaveLength(first.pending);
  });

  it("judges again when the judge's version changes", async () => {
    const judge = Object.assign(countingJudge("fake-versioned"), { version: "1" });
    const first = await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(judge.calls).toHaveLength(first.pending);
    judge.version = "2";
    await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(judge.calls).toHaveLength(2 * first.pending);
  });
});

describe("progress of a run being judged", () => {
  it("counts from the run's counters what grouping its rows counts, errors included", async () => {
    const judge = flakyJudge((input) => input.content.call.toolName === "book_flight");
    const created = await create({ mode: "both", criterionIds: criterionIds.slice(0, 3) });
    // Stop part way: the run is still running, some rows done, some failed, some pending.
    const controller = new AbortController();
    const stopping = { ...judge, async evaluate(input: Parameters<Judge["evaluate"]>[0], signal?: AbortSignal) {
      if (judge.calls.length >= 25) controller.abort();
      return judge.evaluate(input, signal);
    } };
    await runUntilIdle({ prisma, judgeFactory: always(stopping), batchSize: 4, signal: controller.signal, ...quiet }).catch(() => {});
    const live = await getRunProgress(prisma, created.runId);
    expect(live?.status).toBe("running");
    const grouped = await prisma.evaluation.groupBy({ by: ["status"], where: { runId: created.runId }, _count: { _all: true } });
    const expected = Object.fromEntries(["pending", "running", "done", "error", "not-applicable"].map((status) => [status, grouped.find((row) => row.status === status)?._count._all ?? 0]));
    expect(live?.counts).toEqual(expected);
    expect(expected.done).toBeGreaterThan(0);
    expect(expected.pending).toBeGreaterThan(0);
    expect(live?.errors.map((group) => group.error)).toEqual(expected.error ? ["provider refused book_flight"] : []);
  });
});

describe("the migration that added notApplicableCount", () => {
  it("fills it for the runs stored before", async () => {
    const created = await create({ mode: "both" });
    await runUntilIdle({ prisma, ...quiet });
    const notApplicable = await prisma.evaluation.count({ where: { runId: created.runId, status: "not-applicable" } });
    expect(notApplicable).toBeGreaterThan(0);
    await prisma.run.update({ where: { id: created.runId }, data: { notApplicableCount: 0 } });
    const folder = MIGRATIONS_FOLDERS[dialectOf(prisma)];
    const [migration] = readdirSync(path.join("prisma", folder)).filter((name) => name.endsWith("_run_not_applicable_count"));
    const sql = readFileSync(path.join("prisma", folder, migration, "migration.sql"), "utf8");
    const backfill = sql.split(";").map((statement) => statement.replace(/^\s*--.*$/gm, "").trim()).filter((statement) => statement.startsWith("UPDATE"));
    expect(backfill).toHaveLength(1);
    await prisma.$executeRawUnsafe(backfill[0]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).notApplicableCount).toBe(notApplicable);
  });
});

describe("failures and retries", () => {
  it("records failed evaluations with their error, and retries only those", async () => {
    const judge = flakyJudge((input) => input.content.call.toolName === "book_flight");
    const created = await create({ mode: "auto", criterionIds: criterionIds.slice(0, 2) });
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });

    const failed = await prisma.evaluation.findMany({ where: { runId: created.runId, status: "error" }, include: { toolCall: { select: { toolName: true } } } });
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) {
      expect(row).toMatchObject({ error: "provider refused book_flight", errorKind: "bad_request", attempts: 1, judgeId: "fake-flaky", score: null });
      expect(row.toolCall.toolName).toBe("book_flight");
    }
    expect(await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).toMatchObject({
      status: "done",
      errorCount: failed.length,
      doneCount: created.total - failed.length,
    });
    expect((await getRunProgress(prisma, created.runId))?.errors).toEqual([{ error: "provider refused book_flight", errorKind: "bad_request", count: failed.length }]);

    judge.failing.on = false;
    const callsBefore = judge.calls.length;
    expect(await retryFailed(prisma, created.runId)).toEqual({ retried: failed.length });
    const report = await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(report.written).toBe(failed.length);
    expect(judge.calls.slice(callsBefore).every((input) => input.content.call.toolName === "book_flight")).toBe(true);
    expect(judge.calls.length - callsBefore).toBe(failed.length);

    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run).toMatchObject({ status: "done", errorCount: 0, doneCount: created.total });
    const retried = await prisma.evaluation.findMany({ where: { id: { in: failed.map((row) => row.id) } } });
    expect(retried.every((row) => row.status === "done" && row.error === null && row.attempts === 2)).toBe(true);
  });

  it("retries transient judge errors with backoff and records the attempts", async () => {
    let calls = 0;
    const answer: JudgeResult = { score: 0.5, passed: null, applicable: true, explanation: "ok", findings: [] };
    const judge: Judge = {
      id: "fake-transient",
      async evaluate() {
        if (++calls % 3 !== 0) throw new FakeJudgeError("429", "rate_limit", true);
        return answer;
      },
    };
    const created = await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: always(judge), batchSize: 1, retry: { sleep: async () => {}, maxAttempts: 3 }, ...quiet });
    const rows = await prisma.evaluation.findMany({ where: { runId: created.runId } });
    expect(rows.every((row) => row.status === "done" && row.attempts === 3)).toBe(true);
  });

  it("records a judge that cannot be built as an error on its evaluations", async () => {
    const created = await create({ criterionIds: [criterionIds[0]] });
    await runUntilIdle({ prisma, judgeFactory: () => Promise.reject(new Error("OPENAI_API_KEY is not set")), ...quiet });
    const rows = await prisma.evaluation.findMany({ where: { runId: created.runId } });
    expect(rows.every((row) => row.status === "error" && row.errorKind === "judge_unavailable" && /OPENAI_API_KEY/.test(row.error ?? ""))).toBe(true);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).toMatchObject({ status: "done", errorCount: created.total });
  });
});

describe("cancelling", () => {
  it("never judges the pending rows of a cancelled run", async () => {
    const judge = countingJudge();
    const cancelled = await create({ criterionIds: [criterionIds[0]] });
    const other = await create({ criterionIds: [criterionIds[1]] });
    await cancelRun(prisma, cancelled.runId);
    await runUntilIdle({ prisma, judgeFactory: always(judge), ...quiet });
    expect(judge.calls).toHaveLength(other.pending);
    expect(await prisma.evaluation.count({ where: { runId: cancelled.runId, status: "pending" } })).toBe(cancelled.pending);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: cancelled.runId } })).toMatchObject({ status: "cancelled", doneCount: 0 });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: other.runId } })).toMatchObject({ status: "done" });
  });
});

describe("the background worker", () => {
  it("picks up runs created while it runs and finishes them", async () => {
    const worker = startWorker({ prisma, pollMs: 20, ...quiet });
    try {
      const created = await create({ mode: "both" });
      const run = await waitFor(async () => {
        const row = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
        return row.status === "done" && row;
      });
      expect(run).toMatchObject({ doneCount: created.total, errorCount: 0 });
    } finally {
      await worker.stop();
    }
  });

  it("gives claims back when stopped mid-judgement, and a later worker finishes them", async () => {
    let started = 0;
    const stuck: Judge = {
      id: "fake-stuck",
      evaluate: (_input, signal) =>
        new Promise((_resolve, reject) => {
          started++;
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    };
    const created = await create({ criterionIds: [criterionIds[0]] });
    const worker = startWorker({ prisma, pollMs: 20, judgeFactory: always(stuck), concurrencyFor: () => 2, ...quiet });
    await waitFor(async () => started >= 2);
    await worker.stop();
    expect(await prisma.evaluation.count({ where: { runId: created.runId, status: "running" } })).toBe(0);
    expect(await prisma.evaluation.count({ where: { runId: created.runId, status: "error" } })).toBe(0);

    await runUntilIdle({ prisma, ...quiet });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).toMatchObject({ status: "done", doneCount: created.total });
  });
});

/*
 * A judge that judges groups of calls (Judge.evaluateMany, the built-in checks) is asked once per
 * batch instead of once per call: each call still gets its own outcome, failure or invalid answer.
 */
describe("a judge of groups", () => {
  const createSmall = () => create({ criterionIds: criterionIds.slice(0, 2), mode: "immediate" });
  const rowsOf = (runId: string) => prisma.evaluation.findMany({ where: { runId }, include: { toolCall: { select: { toolName: true } } } });

  it("is asked once per batch, and each call is recorded as if judged alone", async () => {
    const created = await createSmall();
    const fake = groupJudge();
    const judgeCalls: string[] = [];
    const report = await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 50, onJudgeCall: (id) => judgeCalls.push(id), onError: () => {} });
    expect(report).toMatchObject({ written: created.pending, discarded: 0, released: 0 });
    expect(fake.single()).toBe(0);
    expect(fake.groups.length).toBe(Math.ceil(created.pending / 50));
    expect(fake.groups.reduce((sum, size) => sum + size, 0)).toBe(created.pending);
    expect(new Set(judgeCalls).size).toBe(created.pending);
    const rows = await rowsOf(created.runId);
    const done = rows.filter((row) => row.status === "done");
    expect(done.length).toBeGreaterThan(0);
    for (const row of done) expect(row).toMatchObject({ judgeId: "fake-groups", attempts: 1, cached: false, error: null });
    expect(done.every((row) => row.latencyMs !== null && row.latencyMs >= 0)).toBe(true);
  });

  it("records a call the judge failed or answered wrongly as an error of that call alone", async () => {
    const created = await createSmall();
    const tools = [...new Set((await prisma.toolCall.findMany({ select: { toolName: true } })).map((call) => call.toolName))].sort();
    const [failing, invalid] = tools;
    const fake = groupJudge((input, result) => {
      if (input.content.call.toolName === failing) return { status: "rejected", reason: new Error(`refused ${failing}`) };
      if (input.content.call.toolName === invalid) return { status: "fulfilled", value: { ...result, score: 7 } };
      return { status: "fulfilled", value: result };
    });
    await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 50, onError: () => {} });
    const rows = await rowsOf(created.runId);
    const byTool = (tool: string) => rows.filter((row) => row.toolCall.toolName === tool && row.attempts > 0);
    expect(byTool(failing).length).toBeGreaterThan(0);
    for (const row of byTool(failing)) expect(row).toMatchObject({ status: "error", error: `refused ${failing}`, attempts: 1 });
    for (const row of byTool(invalid)) expect(row).toMatchObject({ status: "error", errorKind: "bad_output" });
    expect(rows.filter((row) => row.status === "done").length).toBe(rows.filter((row) => row.attempts > 0 && ![failing, invalid].includes(row.toolCall.toolName)).length);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run.errorCount).toBe(byTool(failing).length + byTool(invalid).length);
  });

  it("fails every call of a group that does not answer within the timeout, and the run still ends", async () => {
    const created = await createSmall();
    const fake = groupJudge(() => "hang");
    await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 500, timeoutMs: 50, onError: () => {} });
    const rows = await rowsOf(created.runId);
    const judged = rows.filter((row) => row.attempts > 0);
    expect(judged.length).toBe(created.pending);
    for (const row of judged) expect(row).toMatchObject({ status: "error", errorKind: "timeout" });
    expect((await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).status).toBe("done");
  });

  it("gives the claims back, unjudged, when the worker stops mid-group", async () => {
    const created = await createSmall();
    const controller = new AbortController();
    const fake = groupJudge(() => {
      controller.abort(new Error("worker stopped"));
      return "hang";
    });
    const report = await runUntilIdle({ prisma, judgeFactory: () => fake.judge, batchSize: 500, signal: controller.signal, onError: () => {} });
    expect(report.written).toBe(0);
    expect(report.released).toBe(report.claimed);
    const open = await prisma.evaluation.count({ where: { runId: created.runId, status: "pending" } });
    expect(open).toBe(created.pending);
  });
});
