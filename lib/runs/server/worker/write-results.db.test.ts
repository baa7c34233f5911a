import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { FINAL_BEFORE_DONE_COST_MS } from "@/lib/runs/results/run-snapshot";
import { criterionStats } from "@/lib/runs/server/results/criterion-stats";
import { takeNextSnapshot, type SnapshotTurn } from "@/lib/runs/server/results/run-snapshots";
import { claimBatch } from "./claim";
import { releaseClaims } from "./lease";
import { failure } from "./outcome";
import { writeResults, type ResultToWrite } from "./write-result";

// writeResults on the test database's dialect (npm run test:pg runs it on PostgreSQL, where a
// group is one statement per table): the exactly-once guards row by row within a group, and the
// comparison of a call's two modes when two workers write them at the same moment.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;

beforeEach(async () => {
  db = await createTestDatabase("write-results");
  prisma = db.prisma;
  await seedDemo(prisma);
});
afterEach(() => db.cleanup());

async function startRun(mode: "immediate" | "both", criteria = 1): Promise<{ runId: string; total: number }> {
  const ids = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, take: criteria, select: { id: true } })).map((c) => c.id);
  const created = await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: ids, mode }));
  return { runId: created.runId, total: created.total };
}

const judged = (score: number, extra: Partial<JudgeResult> = {}): JudgeResult => ({ score, passed: null, applicable: true, explanation: `scored ${score}`, findings: [], measuredBy: ["test"], ...extra });

function done(id: string, runId: string, score: number, cacheKey: string | null = `key-${id}`): ResultToWrite {
  return { evaluation: { id, runId }, outcome: { status: "done", result: judged(score), judgeId: "test-judge", cacheKey, cached: false, attempts: 1, latencyMs: 7 } };
}

describe("writeResults", () => {
  it("writes each row of a group once, only under its own claim, with its values, counters and cache", async () => {
    const { runId } = await startRun("immediate");
    const mine = await claimBatch(prisma, "me", 4);
    const theirs = await claimBatch(prisma, "them", 1);
    const pending = await prisma.evaluation.findFirstOrThrow({ where: { runId, status: "pending" }, select: { id: true } });
    // A claim takes no more than it asks for (PostgreSQL's once took every pending row: claims.ts).
    expect(mine).toHaveLength(4);
    expect(theirs).toHaveLength(1);
    expect(await prisma.evaluation.count({ where: { runId, status: "running" } })).toBe(5);

    const written = await writeResults(prisma, "me", [
      done(mine[0], runId, 0.25),
      { evaluation: { id: mine[1], runId }, outcome: failure("timeout", "judge took too long", "test-judge") },
      done(mine[0], runId, 0.9), // the same row again: the first write stands
      done(theirs[0], runId, 1), // another worker's claim
      done(pending.id, runId, 1), // never claimed
      { evaluation: { id: mine[2], runId }, outcome: { status: "done", result: judged(1), judgeId: "test-judge", cacheKey: "key-shared", cached: true, attempts: 0, latencyMs: 0 } },
    ]);
    expect(written).toEqual([true, true, false, false, false, true]);

    const rows = new Map((await prisma.evaluation.findMany({ where: { id: { in: [...mine, ...theirs, pending.id] } } })).map((row) => [row.id, row]));
    expect(rows.get(mine[0])).toMatchObject({ status: "done", score: 0.25, explanation: "scored 0.25", judgeId: "test-judge", cacheKey: `key-${mine[0]}`, latencyMs: 7, attempts: 1, cached: false });
    expect(rows.get(mine[0])?.findings).toEqual([]);
    expect(rows.get(mine[0])?.measuredBy).toEqual(["test"]);
    expect(rows.get(mine[1])).toMatchObject({ status: "error", score: null, error: "judge took too long", errorKind: "timeout" });
    expect(rows.get(mine[2])).toMatchObject({ status: "done", cached: true, attempts: 0 });
    expect(rows.get(mine[3])).toMatchObject({ status: "running", claimedBy: "me" });
    expect(rows.get(theirs[0])).toMatchObject({ status: "running", claimedBy: "them" });
    expect(rows.get(pending.id)).toMatchObject({ status: "pending" });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ doneCount: 2, errorCount: 1, cacheHits: 1 });
    // Only the judged (not cached) result goes to the cache.
    expect((await prisma.judgeCache.findMany()).map((row) => row.key)).toEqual([`key-${mine[0]}`]);
  });

  it("counts a not-applicable result as finished and as not applicable", async () => {
    const { runId } = await startRun("immediate");
    const [first, second] = await claimBatch(prisma, "me", 2);
    const notApplicable: ResultToWrite = {
      evaluation: { id: second, runId },
      outcome: { status: "not-applicable", result: { ...judged(0), score: null, applicable: false, explanation: "needs the response" }, judgeId: "test-judge", cacheKey: null, cached: false, attempts: 1, latencyMs: 3 },
    };
    expect(await writeResults(prisma, "me", [done(first, runId, 1), notApplicable])).toEqual([true, true]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ doneCount: 2, notApplicableCount: 1, errorCount: 0 });
  });

  it("finishes the run with its last rows", async () => {
    const { runId, total } = await startRun("immediate");
    const ids = await claimBatch(prisma, "me", total + 10);
    expect(ids).toHaveLength(total);
    const at = new Date("2026-03-04T05:06:07.890Z");
    const written = await writeResults(prisma, "me", ids.map((id, i) => done(id, runId, i % 2, null)), at);
    expect(written.every(Boolean)).toBe(true);
    // The moment given, whatever the process's time zone (PostgreSQL's statements go past Prisma).
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "done", doneCount: total, errorCount: 0, finishedAt: at });
    expect(await prisma.evaluation.count({ where: { runId, finishedAt: at } })).toBe(total);
  });

  it("leaves a run whose statistics are costly open after its last rows, and the worker closes it once its final snapshots are taken", async () => {
    const { runId, total } = await startRun("both", 2);
    // A live statistics snapshot that took longer than FINAL_BEFORE_DONE_COST_MS: a large run's.
    const live = { doneCount: 0, errorCount: 0, costMs: FINAL_BEFORE_DONE_COST_MS, computedAt: new Date(), rowsComplete: true, value: [] };
    await prisma.runSnapshot.create({ data: { runId, kind: "stats", ...live } });
    const ids = await claimBatch(prisma, "me", total + 10);
    expect((await writeResults(prisma, "me", ids.map((id, i) => done(id, runId, i % 2)))).every(Boolean)).toBe(true);
    const complete = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(complete).toMatchObject({ status: "running", finishedAt: null });
    expect(complete.doneCount + complete.errorCount).toBe(total);

    const turns: SnapshotTurn[] = [];
    while (!turns.at(-1)?.closed.length) {
      turns.push(await takeNextSnapshot(prisma));
      if (turns.length > 10) throw new Error("the run was not closed in 10 turns");
    }
    // Its final values first, each due at once; then it is done.
    const kinds = (await prisma.runSnapshot.findMany({ where: { runId }, orderBy: { kind: "asc" } })).map(({ kind, doneCount, errorCount }) => ({ kind, doneCount, errorCount }));
    expect(kinds).toEqual(["call-count", "call-marks", "charts", "errors", "flips", "metadata", "stats", "tools"].map((kind) => ({ kind, doneCount: complete.doneCount, errorCount: complete.errorCount })));
    expect(turns.slice(0, -1).every((turn) => turn.finalising && turn.costMs > 0)).toBe(true);
    expect(turns.at(-1)).toMatchObject({ closed: [runId] });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "done", doneCount: complete.doneCount });
    const stats = await prisma.runSnapshot.findUniqueOrThrow({ where: { runId_kind: { runId, kind: "stats" } } });
    expect(stats.value).toEqual(JSON.parse(JSON.stringify(await criterionStats(prisma, [runId]))));
  });

  it("keeps a run waiting for its final snapshots open when a retry moved its counters meanwhile", async () => {
    const { runId, total } = await startRun("immediate");
    await prisma.runSnapshot.create({ data: { runId, kind: "stats", doneCount: 0, errorCount: 0, costMs: 10_000, computedAt: new Date(), rowsComplete: true, value: [] } });
    const ids = await claimBatch(prisma, "me", total + 10);
    await writeResults(prisma, "me", ids.map((id) => done(id, runId, 1)));
    // Its final values (statistics, count, tools), taken turn by turn; the next turn would close it...
    for (let turn = 0; (await prisma.runSnapshot.count({ where: { runId, doneCount: total } })) < 3; turn++) {
      if (turn === 10) throw new Error("final snapshots not taken in 10 turns");
      expect(await takeNextSnapshot(prisma)).toMatchObject({ finalising: true, closed: [] });
    }
    // ...but a retry reopens one result before it.
    await prisma.evaluation.update({ where: { id: ids[0] }, data: { status: "pending", score: null } });
    await prisma.run.update({ where: { id: runId }, data: { doneCount: { decrement: 1 } } });
    expect((await takeNextSnapshot(prisma)).closed).toEqual([]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "running", finishedAt: null });
  });

  it("compares a call's two modes when two workers write them at the same moment", async () => {
    const { runId, total } = await startRun("both", 2);
    const open = await prisma.evaluation.count({ where: { runId, status: "pending" } });
    const ids = await claimBatch(prisma, "a", total + 10);
    expect(ids).toHaveLength(open);
    // Immediate rows stay with worker a, hindsight rows go to worker b: each pair is split.
    await prisma.evaluation.updateMany({ where: { runId, mode: "hindsight", status: "running" }, data: { claimedBy: "b" } });
    const rows = await prisma.evaluation.findMany({ where: { runId, status: "running" }, select: { id: true, mode: true, claimedBy: true } });
    const entries = (claimer: string) => rows.filter((row) => row.claimedBy === claimer).map((row) => done(row.id, runId, row.mode === "immediate" ? 0.2 : 0.8));
    expect(entries("a").length).toBeGreaterThan(0);
    expect(entries("b").length).toBeGreaterThan(0);
    const [a, b] = await Promise.all([writeResults(prisma, "a", entries("a")), writeResults(prisma, "b", entries("b"))]);
    expect([...a, ...b].every(Boolean)).toBe(true);

    // Every pair is finished now (a hindsight row without a response was settled at creation), so each has its comparison.
    const all = await prisma.evaluation.findMany({ where: { runId }, select: { toolCallId: true, criterionId: true, status: true } });
    const pairs = new Set(all.map((row) => `${row.toolCallId}/${row.criterionId}`));
    const bothJudged = new Set(all.filter((row) => all.some((other) => other !== row && other.toolCallId === row.toolCallId && other.criterionId === row.criterionId && other.status === "done") && row.status === "done").map((row) => `${row.toolCallId}/${row.criterionId}`));
    const comparisons = await prisma.callComparison.findMany({ where: { runId } });
    expect(comparisons).toHaveLength(pairs.size);
    expect(bothJudged.size).toBeGreaterThan(0);
    for (const comparison of comparisons.filter((c) => bothJudged.has(`${c.toolCallId}/${c.criterionId}`))) expect(comparison.delta).toBeCloseTo(0.6);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "done" });
  });
});

describe("claimBatch", () => {
  it("goes on in creation order from a worker's last claim, and comes back for rows given back before it", async () => {
    const { runId } = await startRun("immediate");
    const inOrder = (await prisma.evaluation.findMany({ where: { runId, status: "pending" }, select: { id: true } })).length;
    const first = await claimBatch(prisma, "me", 4);
    const second = await claimBatch(prisma, "me", 4);
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(4);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    // Given back (as a stopping worker does): claimed again, though they lie before where "me" stopped.
    expect(await releaseClaims(prisma, "me", first.slice(0, 2))).toBe(2);
    const rest = await claimBatch(prisma, "me", inOrder);
    expect(rest).toHaveLength(inOrder - 6);
    expect(rest).toEqual(expect.arrayContaining(first.slice(0, 2)));
    expect(await prisma.evaluation.count({ where: { runId, status: "pending" } })).toBe(0);
    expect(await claimBatch(prisma, "me", 4)).toEqual([]);
  });
});
