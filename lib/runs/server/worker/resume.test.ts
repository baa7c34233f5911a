import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge } from "@/lib/judging/judges/types";
import { createRun } from "@/lib/runs/server/create-run";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { startWorker } from "./start-worker";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "./test-fixtures/database";
import { waitFor } from "./test-fixtures/wait";

const FIXTURE = path.join(import.meta.dirname, "test-fixtures", "slow-worker.ts");

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;

beforeAll(async () => {
  template = await createDemoTemplate("callboard-resume-");
  db = copyDatabase(template.file, "resume");
});
afterAll(async () => {
  await db.cleanup();
  template.cleanup();
});

// Records every transition of an evaluation to a final status, in the same transaction as the
// write itself: a result written twice would leave two audit rows.
async function installWriteAudit() {
  await db.prisma.$executeRawUnsafe(`CREATE TABLE "TestWriteAudit" ("evaluationId" TEXT NOT NULL, "status" TEXT NOT NULL, "claimedBy" TEXT)`);
  await db.prisma.$executeRawUnsafe(
    `CREATE TRIGGER "TestWriteAudit_trigger" AFTER UPDATE OF "status" ON "Evaluation"
     WHEN NEW."status" IN ('done', 'not-applicable', 'error')
     BEGIN INSERT INTO "TestWriteAudit" VALUES (NEW."id", NEW."status", NEW."claimedBy"); END`,
  );
}

function startChild(logFile: string): { child: ChildProcess; exited: Promise<unknown> } {
  // `node --import tsx` runs the script in this very process (the tsx CLI would add a parent
  // process, and SIGKILL would then miss the worker).
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, db.url, logFile, "25"], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
  return { child, exited };
}

const statusIds = async (runId: string, status: string) =>
  new Set((await db.prisma.evaluation.findMany({ where: { runId, status }, select: { id: true } })).map((row) => row.id));

describe("a worker killed mid-run", () => {
  it("is resumed by the next worker: no evaluation lost, none written twice, none re-judged once written", { timeout: 120_000 }, async () => {
    const criterionIds = (await db.prisma.criterion.findMany({ select: { id: true } })).map((row) => row.id);
    const run = await createRun(db.prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "auto" }));
    const pendingAtStart = await statusIds(run.runId, "pending");
    expect(pendingAtStart.size).toBe(run.pending);
    await installWriteAudit();

    const logFile = path.join(db.dir, "judged.log");
    fs.writeFileSync(logFile, "");
    const { child, exited } = startChild(logFile);
    try {
      await waitFor(async () => (await db.prisma.evaluation.count({ where: { runId: run.runId, status: "done" } })) >= 30, 60_000);
    } finally {
      child.kill("SIGKILL");
    }
    // Wait for the exit so that the process is reaped: a zombie would still look alive.
    expect(await exited).toMatchObject({ signal: "SIGKILL" });

    const doneAtKill = await statusIds(run.runId, "done");
    const runningAtKill = await statusIds(run.runId, "running");
    expect(doneAtKill.size).toBeGreaterThanOrEqual(30);
    expect(doneAtKill.size).toBeLessThan(run.pending);
    expect(runningAtKill.size).toBeGreaterThan(0);

    const judgedAgain: string[] = [];
    const inner = createChecksJudge();
    const judge: Judge = { id: "slow-checks", evaluate: (input, signal) => inner.evaluate(input, signal) };
    const successor = startWorker({ prisma: db.prisma, pollMs: 20, judgeFactory: () => judge, onJudgeCall: (id) => judgedAgain.push(id), onError: () => {} });
    try {
      await waitFor(async () => (await db.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).status === "done", 60_000);
    } finally {
      await successor.stop();
    }

    // None lost: every evaluation is finished, and the counters agree.
    expect(await db.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).toMatchObject({ status: "done", doneCount: run.total, errorCount: 0 });
    expect((await statusIds(run.runId, "done")).size).toBe(run.pending);

    // None written twice: exactly one final write per evaluation that was pending.
    const audit = await db.prisma.$queryRawUnsafe<{ evaluationId: string; claimedBy: string | null }[]>(`SELECT "evaluationId", "claimedBy" FROM "TestWriteAudit"`);
    const writes = new Map<string, number>();
    for (const row of audit) writes.set(row.evaluationId, (writes.get(row.evaluationId) ?? 0) + 1);
    expect([...writes.keys()].sort()).toEqual([...pendingAtStart].sort());
    expect([...writes.values()].every((count) => count === 1)).toBe(true);
    const writtenByChild = new Set(audit.filter((row) => row.claimedBy?.includes(`:${child.pid}:`)).map((row) => row.evaluationId));
    expect(writtenByChild).toEqual(doneAtKill);
    expect(audit.filter((row) => runningAtKill.has(row.evaluationId)).every((row) => row.claimedBy === successor.id)).toBe(true);

    // The killed worker judged each evaluation at most once, and everything it wrote it had judged.
    const judgedByChild = fs.readFileSync(logFile, "utf8").trim().split("\n").map((line) => line.split(" ")[1]);
    expect(new Set(judgedByChild).size).toBe(judgedByChild.length);
    for (const id of doneAtKill) expect(judgedByChild).toContain(id);

    // The successor never judged what was already written. It did judge the evaluations that were
    // in flight when the process died (judged, never written): that is the price of a kill, and
    // still one result per evaluation.
    expect(judgedAgain.filter((id) => doneAtKill.has(id))).toEqual([]);
    expect(new Set(judgedAgain).size).toBe(judgedAgain.length);
    expect(judgedAgain.length).toBe(run.pending - doneAtKill.size);
    for (const id of runningAtKill) expect(judgedAgain).toContain(id);
  });
});
