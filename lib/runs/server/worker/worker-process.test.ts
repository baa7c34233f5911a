import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRun } from "@/lib/runs/server/create-run";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { runUntilIdle } from "./run-until-idle";
import { copyDatabase, createDemoTemplate, type TestDatabase } from "./test-fixtures/database";
import { waitFor } from "./test-fixtures/wait";

const WORKER = path.join(process.cwd(), "scripts", "worker.ts");

let template: Awaited<ReturnType<typeof createDemoTemplate>>;
let db: TestDatabase;

// Building the demo template takes seconds on a busy machine: more than a hook's default 10 s.
beforeAll(async () => {
  template = await createDemoTemplate("callboard-worker-process-");
  db = copyDatabase(template.file, "worker-process");
}, 60_000);
afterAll(async () => {
  await db.cleanup();
  template.cleanup();
});

describe("npm run worker", () => {
  it("claims and finishes a large run (its rows created batch by batch) in its own process, and stops cleanly on SIGTERM", { timeout: 120_000 }, async () => {
    const criterionIds = (await db.prisma.criterion.findMany({ select: { id: true } })).map((row) => row.id);
    // Nothing inline: the worker process creates the rows as well as judging them.
    const run = await createRun(db.prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" }), new Date(), { inlineEvaluations: 0 });
    const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, DATABASE_URL: db.url, CALLBOARD_WORKER_POLL_MS: "50", CALLBOARD_WORKER_BATCH: "16" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    try {
      await waitFor(async () => (await db.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).status === "done", 90_000, 100);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toMatch(/worker .+ started/);
    expect(output).toMatch(/worker .+ stopped \(SIGTERM\)/);
    const rows = await db.prisma.evaluation.findMany({ where: { runId: run.runId }, select: { status: true, claimedBy: true } });
    expect(rows).toHaveLength(run.total);
    expect(rows.filter((row) => row.status === "pending" || row.status === "running")).toEqual([]);
    // Judged by the child, whose id carries its pid.
    expect(rows.some((row) => row.claimedBy?.includes(`:${child.pid}:`))).toBe(true);
    expect(await db.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).toMatchObject({ doneCount: run.total, errorCount: 0, materialising: false });
  });

  it("judges on threads with CALLBOARD_WORKER_THREADS, with the same results as the checks judge in process", { timeout: 120_000 }, async () => {
    const threaded = copyDatabase(template.file, "worker-threads");
    const inProcess = copyDatabase(template.file, "worker-in-process");
    try {
      const criterionIds = (await threaded.prisma.criterion.findMany({ select: { id: true } })).map((row) => row.id);
      const input = newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" });
      const run = await createRun(threaded.prisma, input);
      const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
        cwd: process.cwd(),
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, DATABASE_URL: threaded.url, CALLBOARD_WORKER_POLL_MS: "50", CALLBOARD_WORKER_THREADS: "2" },
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => child.on("exit", resolve));
      try {
        await waitFor(async () => (await threaded.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).status === "done", 90_000, 100);
      } finally {
        child.kill("SIGTERM");
      }
      await exited;
      expect(output).toMatch(/worker .+ started \(2 judging threads\)/);
      expect(output).not.toMatch(/error/i);

      await createRun(inProcess.prisma, input);
      await runUntilIdle({ prisma: inProcess.prisma, onError: () => {} });
      const select = { toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true, explanation: true, findings: true, measuredBy: true, judgeId: true } as const;
      const orderBy = [{ toolCallId: "asc" }, { criterionId: "asc" }, { mode: "asc" }] as const;
      const fromThreads = await threaded.prisma.evaluation.findMany({ select, orderBy: [...orderBy] });
      expect(fromThreads).toHaveLength(run.total);
      expect(fromThreads).toEqual(await inProcess.prisma.evaluation.findMany({ select, orderBy: [...orderBy] }));
    } finally {
      await threaded.cleanup();
      await inProcess.cleanup();
    }
  });

  it("starts with CALLBOARD_ADMIN_TOKEN set alone, the web's first-admin setting, and still refuses a bad setting of its own", { timeout: 60_000 }, async () => {
    const token = `cb_${"a1".repeat(32)}`;
    const start = (extra: Record<string, string>) => {
      const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
        cwd: process.cwd(),
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, DATABASE_URL: db.url, CALLBOARD_ADMIN_EMAIL: "", CALLBOARD_ADMIN_PASSWORD: "", CALLBOARD_ADMIN_TOKEN: token, ...extra },
      });
      const result = { output: "", ended: false, exited: new Promise<number | null>((resolve) => child.on("exit", resolve)) };
      void result.exited.then(() => (result.ended = true));
      child.stdout.on("data", (chunk: Buffer) => (result.output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (result.output += chunk.toString()));
      return { child, result };
    };

    // A shared environment (one .env, compose's common block) gives the worker the web's admin token.
    const worker = start({});
    const misconfigured = start({ CALLBOARD_WORKER_BATCH: "0" });
    try {
      await waitFor(async () => worker.result.ended || /worker .+ started/.test(worker.result.output), 30_000, 50);
    } finally {
      worker.child.kill("SIGTERM");
    }
    expect(await worker.result.exited).toBe(0);
    expect(worker.result.output).not.toContain("Invalid configuration");
    expect(worker.result.output).toMatch(/worker .+ stopped \(SIGTERM\)/);

    expect(await misconfigured.result.exited).toBe(1);
    expect(misconfigured.result.output).toMatch(/Invalid configuration:\n {2}- CALLBOARD_WORKER_BATCH: .* \(got "0"\)/);
    expect(misconfigured.result.output).not.toContain("CALLBOARD_ADMIN_TOKEN");
  });
});
