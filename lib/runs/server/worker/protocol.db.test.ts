import { spawnSync } from "node:child_process";
import os from "node:os";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { getRunProgress } from "@/lib/runs/server/run-progress";
import { dialectOf } from "@/lib/platform/db/dialect";
import { withPgTransaction } from "@/lib/platform/db/pg-pool";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { claimBatch } from "./claim";
import { releaseAbandoned, releaseClaims, renewClaims } from "./lease";
import { failure } from "./outcome";
import { isWorkerGone, markWorkerAlive, markWorkerStopped, newWorkerId, parseWorkerId } from "./worker-id";
import { ResultWriter } from "./result-writer";
import { writeResult } from "./write-result";

// On the test database of CALLBOARD_TEST_DATABASE: these run on PostgreSQL too (npm run test:pg).
let db: TestDatabase;
let prisma: PrismaClient;
let runId: string;
const host = os.hostname();
const LEASE = 60_000;

beforeEach(async () => {
  db = await createTestDatabase("lease");
  prisma = db.prisma;
  await seedDemo(prisma);
  const criterion = await prisma.criterion.findFirstOrThrow();
  runId = (await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: [criterion.id], mode: "immediate" }))).runId;
});
afterEach(() => db.cleanup());

function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid;
}

const statusOf = async (ids: string[]) => (await prisma.evaluation.findMany({ where: { id: { in: ids } }, select: { status: true, claimedBy: true } })).map((row) => row.status);

describe("worker ids", () => {
  it("carry the host and pid, and tell a stopped or dead claimer from a live one", () => {
    const id = newWorkerId();
    expect(parseWorkerId(id)).toEqual({ host, pid: process.pid });
    expect(parseWorkerId("no-pid")).toBeNull();
    markWorkerAlive(id);
    expect(isWorkerGone(id)).toBe(false);
    markWorkerStopped(id);
    expect(isWorkerGone(id)).toBe(true);
    expect(isWorkerGone(`${host}:${deadPid()}:abc`)).toBe(true);
    expect(isWorkerGone(`${host}:${process.ppid}:abc`)).toBe(false);
    // Another machine's process cannot be checked from here: only its lease can expire.
    expect(isWorkerGone(`elsewhere:${deadPid()}:abc`)).toBe(false);
  });
});

describe("claims", () => {
  it("are exclusive: a concurrent claimer gets other rows, each no more than asked", async () => {
    const [a, b] = await Promise.all([claimBatch(prisma, "a", 5), claimBatch(prisma, "b", 5)]);
    expect(a).toHaveLength(5);
    expect(b).toHaveLength(5);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "running" });
    expect(await prisma.evaluation.count({ where: { runId, status: "running" } })).toBe(10);
  });

  it("left by a dead or stopped worker go back to pending at once; a live worker's fresh claims stay", async () => {
    const dead = await claimBatch(prisma, `${host}:${deadPid()}:gone`, 2);
    const stopped = await claimBatch(prisma, `${host}:${process.pid}:stopped`, 2);
    const alive = await claimBatch(prisma, `${host}:${process.ppid}:alive`, 2);
    const remote = await claimBatch(prisma, "elsewhere:1234:remote", 2);
    expect(await releaseAbandoned(prisma, "me", LEASE)).toBe(4);
    expect(await statusOf([...dead, ...stopped])).toEqual(["pending", "pending", "pending", "pending"]);
    expect(await statusOf([...alive, ...remote])).toEqual(["running", "running", "running", "running"]);
  });

  it("count as running in the run's progress while they are held, and not once given back", async () => {
    const pending = await prisma.evaluation.count({ where: { runId, status: "pending" } });
    const claimed = await claimBatch(prisma, "a", 5);
    expect(claimed).toHaveLength(5);
    expect(await getRunProgress(prisma, runId)).toMatchObject({ status: "running", counts: { running: 5, pending: pending - 5, done: 0, error: 0 } });
    expect(await releaseClaims(prisma, "a", claimed)).toBe(5);
    expect((await getRunProgress(prisma, runId))?.counts).toMatchObject({ running: 0, pending });
  });

  it("expire after the lease unless renewed", async () => {
    const start = new Date("2030-01-01T00:00:00Z");
    const renewed = await claimBatch(prisma, "elsewhere:1:renewed", 2, start);
    const forgotten = await claimBatch(prisma, "elsewhere:1:forgotten", 2, start);
    expect(await renewClaims(prisma, "elsewhere:1:renewed", renewed, new Date(start.getTime() + LEASE - 1000))).toBe(2);
    expect(await releaseAbandoned(prisma, "me", LEASE, new Date(start.getTime() + LEASE + 1))).toBe(2);
    expect(await statusOf(forgotten)).toEqual(["pending", "pending"]);
    expect(await statusOf(renewed)).toEqual(["running", "running"]);
  });
});

describe("renewing claims (PostgreSQL only: npm run test:pg)", () => {
  it("skips rows another transaction holds, instead of waiting for it (a result write of the same worker, which a wait could deadlock)", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    const start = new Date("2030-01-01T00:00:00Z");
    const ids = await claimBatch(prisma, "elsewhere:1:w", 3, start);
    const later = new Date(start.getTime() + 1000);
    let renewed = -1;
    await withPgTransaction(prisma, { maxWaitMs: 5_000, timeoutMs: 10_000 }, async (tx) => {
      await tx.query(`SELECT 1 FROM "Evaluation" WHERE "id" = $1 FOR UPDATE`, [ids[0]]);
      // Resolves while the row is still held: a renewal that waited would only end with this transaction.
      renewed = await renewClaims(prisma, "elsewhere:1:w", ids, later);
    });
    expect(renewed).toBe(2);
    const rows = await prisma.evaluation.findMany({ where: { id: { in: ids } }, select: { id: true, claimedAt: true } });
    expect(rows.filter((row) => row.claimedAt?.getTime() === later.getTime()).map((row) => row.id).sort()).toEqual(ids.slice(1).sort());
  });
});

describe("writing a result", () => {
  it("happens once: a worker whose claim was released and taken over cannot write", async () => {
    const start = new Date();
    const [id] = await claimBatch(prisma, "elsewhere:1:slow", 1, start);
    expect(await releaseAbandoned(prisma, "me", LEASE, new Date(start.getTime() + 2 * LEASE))).toBe(1);
    expect(await claimBatch(prisma, "me", 1)).toEqual([id]);

    const outcome = failure("server", "late answer");
    expect(await writeResult(prisma, "elsewhere:1:slow", { id, runId }, outcome)).toBe(false);
    expect(await writeResult(prisma, "me", { id, runId }, outcome)).toBe(true);
    expect(await writeResult(prisma, "me", { id, runId }, outcome)).toBe(false);
    expect(await prisma.evaluation.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "error", error: "late answer", claimedBy: "me" });
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ errorCount: 1, doneCount: 0 });
  });

  it("groups concurrent results in one transaction, and isolates a row that cannot be written", async () => {
    const ids = await claimBatch(prisma, "me", 4);
    const writer = new ResultWriter(prisma, "me");
    const result = { score: 1, passed: null, applicable: true, explanation: "ok", findings: [] };
    const done = (id: string, run = runId) => writer.write({ evaluation: { id, runId: run }, outcome: { status: "done", result, judgeId: "fake", cacheKey: `key-${id}`, cached: false, attempts: 1, latencyMs: 3 } });
    // The third names a run that does not exist, so its group's transaction fails as a whole.
    const outcomes = await Promise.allSettled([done(ids[0]), done(ids[1]), done(ids[2], "no-such-run"), done(ids[3])]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(await statusOf([ids[0], ids[1], ids[3]])).toEqual(["done", "done", "done"]);
    expect(await statusOf([ids[2]])).toEqual(["running"]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ doneCount: 3 });
    expect(await prisma.judgeCache.count()).toBe(3);
  });
});
