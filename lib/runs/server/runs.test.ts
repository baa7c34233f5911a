import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { EVALUATION_STATUSES, newRunSchema, type NewRunInput, type RunMode } from "@/lib/runs/schemas/runs";
import { cancelRun } from "./cancel-run";
import { createRun } from "./create-run";
import { getRun } from "./get-run";
import { listRuns } from "./list-runs";
import { retryFailed } from "./retry-failed";
import { progressReport } from "./progress-report";
import { getRunProgress } from "./run-progress";
import { AppError } from "@/lib/platform/errors/app-error";

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let criterionIds: string[];
let calls: { id: string; responseIndex: number | null; toolName: string; transcriptId: string }[];
let testNumber = 0;

beforeAll(async () => {
  template = await createDemoTemplate();
});
afterAll(() => template.cleanup());

beforeEach(async () => {
  db = copyDatabase(template.file, `runs-${++testNumber}`);
  prisma = db.prisma;
  criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
  calls = await prisma.toolCall.findMany({ select: { id: true, responseIndex: true, toolName: true, transcriptId: true } });
});
afterEach(() => db.cleanup());

const create = (input: Partial<NewRunInput> = {}) => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: criterionIds.slice(0, 2), ...input }));

describe("createRun", () => {
  it.each<[RunMode, number]>([
    ["auto", 1],
    ["immediate", 1],
    ["hindsight", 1],
    ["both", 2],
  ])("stores the run, its criteria and its evaluation rows in %s mode", async (mode, rowsPerPair) => {
    const withoutResponse = calls.filter((call) => call.responseIndex === null).length;
    expect(withoutResponse).toBeGreaterThan(0);
    const created = await create({ mode, name: `demo ${mode}` });

    const expectedNa = mode === "hindsight" || mode === "both" ? withoutResponse * 2 : 0;
    expect(created).toMatchObject({ name: `demo ${mode}`, status: "pending", total: calls.length * 2 * rowsPerPair, notApplicable: expectedNa });
    expect(created.pending).toBe(created.total - expectedNa);

    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId }, include: { criteria: { orderBy: { position: "asc" } } } });
    expect(run).toMatchObject({ judgeId: "checks", judgeSettings: { kind: "checks" }, mode, selection: { kind: "all" }, total: created.total, doneCount: expectedNa, errorCount: 0 });
    expect(run.criteria.map((link) => link.criterionId)).toEqual(criterionIds.slice(0, 2));

    const rows = await prisma.evaluation.findMany({ where: { runId: created.runId }, include: { toolCall: { select: { responseIndex: true } } } });
    expect(rows).toHaveLength(created.total);
    for (const row of rows) {
      const hasResponse = row.toolCall.responseIndex !== null;
      if (mode === "auto") expect(row.mode).toBe(hasResponse ? "hindsight" : "immediate");
      if (mode === "immediate") expect(row.mode).toBe("immediate");
      if (row.mode === "hindsight" && !hasResponse) {
        expect(row).toMatchObject({ status: "not-applicable", score: null, passed: null });
        expect(row.explanation).toMatch(/has no tool response, so it can only be judged immediately/);
      } else {
        expect(row.status).toBe("pending");
      }
    }
  });

  it("covers only the transcripts of an upload or a filter", async () => {
    const upload = await prisma.upload.findFirstOrThrow();
    const byUpload = await create({ selection: { kind: "upload", uploadId: upload.id }, criterionIds: [criterionIds[0]] });
    expect(byUpload.total).toBe(calls.length);

    const tool = calls[0].toolName;
    const transcriptsWithTool = new Set(calls.filter((call) => call.toolName === tool).map((call) => call.transcriptId));
    const expected = calls.filter((call) => transcriptsWithTool.has(call.transcriptId)).length;
    const byTool = await create({ selection: { kind: "filter", tool }, criterionIds: [criterionIds[0]], mode: "immediate" });
    expect(byTool.total).toBe(expected);
    expect(byTool.total).toBeLessThan(calls.length);
  });

  it("refuses a selection without tool calls and unknown criteria, storing nothing", async () => {
    await expect(create({ selection: { kind: "upload", uploadId: "nope" } })).rejects.toMatchObject({ code: "empty-selection" });
    await expect(create({ criterionIds: [criterionIds[0], "missing"] })).rejects.toMatchObject({ code: "unknown-criteria", message: expect.stringContaining("missing") });
    expect(await prisma.run.count()).toBe(0);
    expect(await prisma.evaluation.count()).toBe(0);
  });
});

describe("cancelRun", () => {
  it("cancels a run once and says so", async () => {
    const { runId } = await create();
    expect(await cancelRun(prisma, runId)).toEqual({ cancelled: true, status: "cancelled" });
    expect(await cancelRun(prisma, runId)).toEqual({ cancelled: false, status: "cancelled" });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.finishedAt).not.toBeNull();
    expect(await prisma.evaluation.count({ where: { runId, status: "pending" } })).toBe(run.total);
    await expect(cancelRun(prisma, "missing")).rejects.toBeInstanceOf(AppError);
  });
});

describe("retryFailed", () => {
  async function failSome(runId: string, count: number) {
    const rows = await prisma.evaluation.findMany({ where: { runId }, take: count, select: { id: true } });
    await prisma.evaluation.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { status: "error", error: "boom", errorKind: "server", attempts: 4 } });
    await prisma.evaluation.updateMany({ where: { runId, status: "pending" }, data: { status: "done", score: 1 } });
    await prisma.run.update({ where: { id: runId }, data: { status: "done", errorCount: count, doneCount: { increment: 0 }, finishedAt: new Date() } });
    return rows.map((row) => row.id);
  }

  it("puts only the failed rows back to pending and the run back to running", async () => {
    const { runId, total } = await create();
    const failed = await failSome(runId, 3);
    expect(await retryFailed(prisma, runId)).toEqual({ retried: 3 });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "running", errorCount: 0, finishedAt: null });
    const pending = await prisma.evaluation.findMany({ where: { runId, status: "pending" } });
    expect(pending.map((row) => row.id).sort()).toEqual([...failed].sort());
    expect(pending.every((row) => row.error === null && row.errorKind === null && row.attempts === 4)).toBe(true);
    expect(await prisma.evaluation.count({ where: { runId, status: "done" } })).toBe(total - 3);
  });

  it("can retry chosen rows only, and does nothing when nothing failed", async () => {
    const { runId } = await create();
    const failed = await failSome(runId, 2);
    expect(await retryFailed(prisma, runId, [failed[0]])).toEqual({ retried: 1 });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ errorCount: 1, status: "running" });
    const other = await create();
    expect(await retryFailed(prisma, other.runId)).toEqual({ retried: 0 });
  });

  it("refuses a cancelled or unknown run", async () => {
    const { runId } = await create();
    await cancelRun(prisma, runId);
    await expect(retryFailed(prisma, runId)).rejects.toMatchObject({ code: "invalid-state" });
    await expect(retryFailed(prisma, "missing")).rejects.toMatchObject({ code: "not-found" });
  });
});

describe("run queries", () => {
  it("reports progress from the rows, and lists and details runs", async () => {
    const created = await create({ mode: "hindsight" });
    const progress = await getRunProgress(prisma, created.runId);
    expect(progress).toMatchObject({
      status: "pending",
      total: created.total,
      counts: { pending: created.pending, running: 0, done: 0, error: 0, "not-applicable": created.notApplicable },
      finished: created.notApplicable,
      cacheHits: 0,
      errors: [],
    });
    expect(progress?.fraction).toBeCloseTo(created.notApplicable / created.total);
    if (!progress) throw new Error("no progress");
    expect(progressReport(progress)).toMatchObject({ ended: false, failed: 0, waiting: created.pending, rate: null, etaSeconds: null, estimate: { state: "queued" } });
    const finished = { ...progress, status: "done", finished: progress.total, startedAt: progress.createdAt, finishedAt: new Date(progress.createdAt.getTime() + 2_000) };
    expect(progressReport(finished)).toMatchObject({ ended: true, waiting: 0, rate: progress.total / 2, etaSeconds: null, estimate: { state: "ended" } });
    expect(await getRunProgress(prisma, "missing")).toBeNull();

    const second = await create({ name: "second" });
    const list = await listRuns(prisma, { size: 1 });
    expect(list.total).toBe(2);
    expect(list.rows.map((row) => row.id)).toEqual([second.runId]);
    expect((await listRuns(prisma, { status: "pending" })).total).toBe(2);

    const detail = await getRun(prisma, created.runId);
    expect(detail).toMatchObject({ judge: { kind: "checks" }, selection: { kind: "all" }, mode: "hindsight" });
    expect(detail?.criteria.map((criterion) => criterion.id)).toEqual(criterionIds.slice(0, 2));
    expect(await getRun(prisma, "missing")).toBeNull();
  });

  it("counts a run that finished done from its counters, and a cancelled run or counters that fall short from its rows", async () => {
    const { runId, total } = await create({ mode: "hindsight" });
    const [first] = await prisma.evaluation.findMany({ where: { runId, status: "pending" }, select: { id: true }, orderBy: { id: "asc" }, take: 1 });
    await prisma.evaluation.update({ where: { id: first.id }, data: { status: "error", error: "boom", errorKind: "server" } });
    await prisma.evaluation.updateMany({ where: { runId, status: "pending" }, data: { status: "done", score: 1 } });
    const byRows = Object.fromEntries(EVALUATION_STATUSES.map((status) => [status, 0]));
    for (const group of await prisma.evaluation.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } })) byRows[group.status] = group._count._all;
    const counters = { doneCount: total - 1, errorCount: 1, notApplicableCount: byRows["not-applicable"] };
    await prisma.run.update({ where: { id: runId }, data: { status: "done", finishedAt: new Date(), ...counters } });
    const done = await getRunProgress(prisma, runId);
    expect(done?.counts).toEqual(byRows);
    expect(done).toMatchObject({ finished: total, fraction: 1, errors: [{ error: "boom", errorKind: "server", count: 1 }] });
    // The counters are what is read: moved (still accounting for every result), the counts follow them.
    await prisma.run.update({ where: { id: runId }, data: { doneCount: total - 2, errorCount: 2 } });
    expect((await getRunProgress(prisma, runId))?.counts).toMatchObject({ error: 2, done: byRows.done - 1 });
    // Counters that do not account for every result (left by an older version) are not trusted.
    await prisma.run.update({ where: { id: runId }, data: { doneCount: 0, errorCount: 0 } });
    expect((await getRunProgress(prisma, runId))?.counts).toEqual(byRows);
    await prisma.run.update({ where: { id: runId }, data: { status: "cancelled", ...counters } });
    await prisma.evaluation.updateMany({ where: { runId, status: "done" }, data: { status: "pending", score: null } });
    expect((await getRunProgress(prisma, runId))?.counts).toMatchObject({ pending: byRows.done, done: 0, error: 1 });
  });
});
