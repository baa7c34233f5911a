import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRun } from "@/lib/runs/server/create-run";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { runUntilIdle } from "./run-until-idle";
import { copyDatabase, createDemoTemplate } from "./test-fixtures/database";
import { waitFor } from "./test-fixtures/wait";

const WORKER = path.join(process.cwd(), "scripts", "worker.ts");

let template: Awaited<ReturnType<typeof createDemoTemplate>>;

// Building the demo template takes seconds on a busy machine: more than a hook's default 10 s.
beforeAll(async () => {
  template = await createDemoTemplate("callboard-worker-process-");
}, 60_000);
afterAll(() => template.cleanup());

/**
 * `npm run worker` in a child process. Each start loads the worker's modules through tsx and each
 * judging thread loads the judge again (seconds apiece on a busy machine), so one process proves
 * what needs a process: start, claim, materialise, judge on threads, stop.
 */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  const result = { output: "", ended: false, exited: new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal }))) };
  void result.exited.then(() => (result.ended = true));
  child.stdout.on("data", (chunk: Buffer) => (result.output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (result.output += chunk.toString()));
  return { child, result };
}

describe("npm run worker", () => {
  it(
    "started with CALLBOARD_ADMIN_TOKEN alone, creates a run's rows and judges them on CALLBOARD_WORKER_THREADS threads as the checks judge does in process, and stops cleanly on SIGTERM",
    { timeout: 120_000 },
    async () => {
      const threaded = copyDatabase(template.file, "worker-threads");
      const inProcess = copyDatabase(template.file, "worker-in-process");
      try {
        const criterionIds = (await threaded.prisma.criterion.findMany({ select: { id: true } })).map((row) => row.id);
        const input = newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" });
        // Nothing inline: the worker process creates the rows as well as judging them.
        const run = await createRun(threaded.prisma, input, new Date(), { inlineEvaluations: 0 });
        expect(await threaded.prisma.evaluation.count({ where: { runId: run.runId } })).toBe(0);
        // A shared environment (one .env, compose's common block) gives the worker the web's admin token.
        const worker = startWorker({
          DATABASE_URL: threaded.url,
          CALLBOARD_WORKER_POLL_MS: "50",
          CALLBOARD_WORKER_BATCH: "16",
          CALLBOARD_WORKER_THREADS: "2",
          CALLBOARD_ADMIN_EMAIL: "",
          CALLBOARD_ADMIN_PASSWORD: "",
          CALLBOARD_ADMIN_TOKEN: `cb_${"a1".repeat(32)}`,
        });
        try {
          await waitFor(async () => worker.result.ended || (await threaded.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).status === "done", 90_000, 100);
        } finally {
          worker.child.kill("SIGTERM");
        }
        expect(await worker.result.exited).toEqual({ code: 0, signal: null });
        expect(worker.result.output).toMatch(/worker .+ started \(2 judging threads\)/);
        expect(worker.result.output).toMatch(/worker .+ stopped \(SIGTERM\)/);
        expect(worker.result.output).not.toMatch(/error|Invalid configuration/i);
        const rows = await threaded.prisma.evaluation.findMany({ where: { runId: run.runId }, select: { status: true, claimedBy: true } });
        expect(rows).toHaveLength(run.total);
        expect(rows.filter((row) => row.status === "pending" || row.status === "running")).toEqual([]);
        // Judged by the child, whose id carries its pid.
        expect(rows.some((row) => row.claimedBy?.includes(`:${worker.child.pid}:`))).toBe(true);
        expect(await threaded.prisma.run.findUniqueOrThrow({ where: { id: run.runId } })).toMatchObject({ doneCount: run.total, errorCount: 0, materialising: false });

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
    },
  );

  it("refuses a bad setting of its own, even beside the web's admin token", { timeout: 60_000 }, async () => {
    const misconfigured = startWorker({ DATABASE_URL: `file:${path.join(path.dirname(template.file), "never-opened.db")}`, CALLBOARD_ADMIN_EMAIL: "", CALLBOARD_ADMIN_PASSWORD: "", CALLBOARD_ADMIN_TOKEN: `cb_${"a1".repeat(32)}`, CALLBOARD_WORKER_BATCH: "0" });
    expect(await misconfigured.result.exited).toEqual({ code: 1, signal: null });
    expect(misconfigured.result.output).toMatch(/Invalid configuration:\n {2}- CALLBOARD_WORKER_BATCH: .* \(got "0"\)/);
    expect(misconfigured.result.output).not.toContain("CALLBOARD_ADMIN_TOKEN");
  });
});
