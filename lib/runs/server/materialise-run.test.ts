import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "@/lib/runs/server/worker/test-fixtures/database";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { cancelRun } from "./cancel-run";
import { createRun } from "./create-run";
import { materialiseBatch } from "./materialise-run";
import { getRunProgress } from "./run-progress";

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;
let prisma: PrismaClient;
let criterionIds: string[];
let testNumber = 0;

// Building the demo template takes seconds on a busy machine: more than a hook's default 10 s.
beforeAll(async () => {
  template = await createDemoTemplate();
}, 60_000);
afterAll(() => template.cleanup());
beforeEach(async () => {
  db = copyDatabase(template.file, `materialise-${++testNumber}`);
  prisma = db.prisma;
  criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, take: 2, select: { id: true } })).map((row) => row.id);
});
afterEach(() => db.cleanup());

// A run too large to expand in the request: 0 evaluations are created inline.
const createDeferred = () => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" }), new Date(), { inlineEvaluations: 0 });
const rows = (runId: string) => prisma.evaluation.count({ where: { runId } });

describe("a run materialised by the worker", () => {
  it("returns before any row exists, counts its progress from the start, and fills in batch by batch", async () => {
    const calls = await prisma.toolCall.findMany({ select: { responseIndex: true } });
    const unanswered = calls.filter((call) => call.responseIndex === null).length;
    const run = await createDeferred();
    expect(run).toMatchObject({ status: "pending", total: calls.length * 2 * 2, notApplicable: unanswered * 2 });
    expect(await rows(run.runId)).toBe(0);

    const progress = async () => {
      const value = await getRunProgress(prisma, run.runId);
      if (!value) throw new Error("no progress");
      expect(Object.values(value.counts).reduce((sum, n) => sum + n, 0)).toBe(run.total);
      return value;
    };
    expect((await progress()).counts.pending).toBe(run.total);

    const first = await materialiseBatch(prisma, run.runId, 3);
    expect(first).toEqual({ inserted: 3 * 2 * 2, finished: false });
    expect(await rows(run.runId)).toBe(12);
    await progress();

    // The worker finishes the rows and the judging; a second call after the end does nothing.
    await runUntilIdle({ prisma, batchSize: 7 });
    expect(await materialiseBatch(prisma, run.runId, 3)).toBeNull();
    expect(await rows(run.runId)).toBe(run.total);
    const done = await progress();
    expect(done).toMatchObject({ status: "done", finished: run.total });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).toMatchObject({ materialising: false, total: run.total, doneCount: run.total, errorCount: 0 });
    const keys = await prisma.evaluation.groupBy({ by: ["toolCallId", "criterionId", "mode"], where: { runId: run.runId }, _count: { _all: true } });
    expect(keys.every((key) => key._count._all === 1)).toBe(true);
  });

  it("gives rows ids that sort in the order they were created, batch after batch", async () => {
    const run = await createDeferred();
    await materialiseBatch(prisma, run.runId, 3);
    await materialiseBatch(prisma, run.runId, 3);
    // Ids in creation order append to the primary key's index instead of landing on random pages.
    const created = await prisma.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Evaluation" WHERE "runId" = ${run.runId} ORDER BY "rowid"`;
    const ids = created.map((row) => row.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect([...ids].sort()).toEqual(ids);
  });

  it("covers only the calls that existed when it was created", async () => {
    const run = await createDeferred();
    const { id: _id, uploadId: _upload, createdAt: _at, toolCalls, messages, tools, metadata, warnings, ...transcript } = await prisma.transcript.findFirstOrThrow({ include: { toolCalls: true } });
    // A transcript stored after the run: same shape, new content.
    await prisma.transcript.create({
      data: {
        ...transcript,
        messages: messages ?? [],
        tools: tools ?? [],
        metadata: metadata ?? {},
        warnings: warnings ?? [],
        contentHash: "later-hash",
        createdAt: new Date(Date.now() + 60_000),
        toolCalls: { create: toolCalls.map(({ id: _call, transcriptId: _t, parsedArguments: _p, ...call }) => call) },
      },
    });
    await runUntilIdle({ prisma });
    expect(await rows(run.runId)).toBe(run.total);
  });

  it("stops creating rows once cancelled", async () => {
    const run = await createDeferred();
    await materialiseBatch(prisma, run.runId, 2);
    await cancelRun(prisma, run.runId);
    expect(await materialiseBatch(prisma, run.runId, 2)).toBeNull();
    expect(await rows(run.runId)).toBe(2 * 2 * 2);
  });
});
