import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { checksAgentJudge, type AgentJudge, type AgentJudgeInput } from "@/lib/judging/judges/agent";
import type { Judge } from "@/lib/judging/judges/types";
import { parseCsv } from "@/lib/platform/csv";
import { AGENT_RESULTS_PAGE, runAgentResults, runAgentSummary, transcriptAgentResults } from "@/lib/runs/server/results/agent-results";
import { EXPORT_COLUMNS, exportStream } from "@/lib/runs/server/results/export";
import { AGENT_MODE, runOutcomeVerdicts } from "@/lib/runs/server/results/outcome-verdicts";
import { runResultGroups } from "@/lib/runs/server/results/run-groups";
import { cellKey } from "@/lib/runs/results/run-groups";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { cancelRun } from "@/lib/runs/server/cancel-run";
import { retryFailed } from "@/lib/runs/server/retry-failed";
import { getRunProgress } from "@/lib/runs/server/run-progress";
import { createTestDatabase, type TestDatabase } from "@/lib/platform/db/test-database";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { newRunSchema, type NewRunInput } from "@/lib/runs/schemas/runs";
import { claimTranscriptBatch } from "./claim";
import type { JudgeFactory } from "./judge-factory";
import { releaseAbandoned, releaseClaims, renewClaims } from "./lease";
import { runUntilIdle } from "./run-until-idle";
import { startWorker } from "./start-worker";
import { countingJudge } from "./test-fixtures/judges";
import { waitFor } from "./test-fixtures/wait";
import { writeResult } from "./write-result";

// On the test database of CALLBOARD_TEST_DATABASE: these run on PostgreSQL too (npm run test:pg).
let db: TestDatabase;
let prisma: PrismaClient;
let callCriterion: string;
let agentCriterion: string;
let transcripts: number;

beforeEach(async () => {
  db = await createTestDatabase("agent");
  prisma = db.prisma;
  await seedDemo(prisma);
  callCriterion = (await prisma.criterion.findFirstOrThrow({ orderBy: { text: "asc" }, select: { id: true } })).id;
  const agent = await prisma.criterion.create({
    data: { text: "Penalize agents that repeat calls or leave errors unrecovered", kind: "penalize", scale: "continuous", condition: "repeat calls or leave errors unrecovered", scope: "agent" },
  });
  agentCriterion = agent.id;
  transcripts = await prisma.transcript.count();
});
afterEach(() => db.cleanup());

const create = (input: Partial<NewRunInput> = {}) => createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: [callCriterion, agentCriterion], mode: "auto", ...input }));
const quiet = { onError: () => {} };
const LEASE = 60_000;

/** The checks judge for calls and transcripts, with each transcript it judges counted. */
function countingAgentJudge(): Judge & AgentJudge & { traces: AgentJudgeInput[]; calls: unknown[] } {
  const calls = countingJudge("fake-agent");
  const traces: AgentJudgeInput[] = [];
  return {
    ...calls,
    traces,
    async evaluateTranscript(input, signal) {
      traces.push(input);
      return checksAgentJudge.evaluateTranscript(input, signal);
    },
  };
}

describe("runs with agent-level criteria", () => {
  it("creates one row per transcript and agent criterion, and no call rows for it", async () => {
    const created = await create();
    const callRows = await prisma.evaluation.count({ where: { runId: created.runId } });
    const agentRows = await prisma.transcriptEvaluation.findMany({ where: { runId: created.runId } });
    expect(agentRows).toHaveLength(transcripts);
    expect(new Set(agentRows.map((row) => row.transcriptId)).size).toBe(transcripts);
    expect(agentRows.every((row) => row.criterionId === agentCriterion && row.status === "pending")).toBe(true);
    expect(await prisma.evaluation.count({ where: { runId: created.runId, criterionId: agentCriterion } })).toBe(0);
    expect(created.total).toBe(callRows + transcripts);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run.total).toBe(callRows + transcripts);
  });

  it("runs agent criteria alone, and refuses an empty selection", async () => {
    const created = await create({ criterionIds: [agentCriterion] });
    expect(created.total).toBe(transcripts);
    expect(await prisma.evaluation.count({ where: { runId: created.runId } })).toBe(0);
    await expect(create({ criterionIds: [agentCriterion], selection: { kind: "filter", q: "no transcript is called this" } })).rejects.toThrow(/no transcripts to evaluate/);
  });

  it("judges every agent row with the built-in agent checks and counts them in the run's progress", async () => {
    const created = await create();
    await runUntilIdle({ prisma, ...quiet });
    const rows = await prisma.transcriptEvaluation.findMany({ where: { runId: created.runId } });
    for (const row of rows) {
      expect(row.status).toBe("done");
      expect(row).toMatchObject({ judgeId: "checks", attempts: 1, cached: false, error: null });
      expect(row.score).not.toBeNull();
      expect(row.explanation).toMatch(/^Measured /);
      expect(Array.isArray(row.measuredBy)).toBe(true);
    }
    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run).toMatchObject({ status: "done", total: created.total, doneCount: created.total, errorCount: 0 });
    const progress = await getRunProgress(prisma, created.runId);
    expect(progress).toMatchObject({ finished: created.total, fraction: 1 });
  });

  it("sets agent-level verdicts against the transcripts' outcome, one result standing for each transcript", async () => {
    const created = await create();
    await runUntilIdle({ prisma, ...quiet });
    const lines = await runOutcomeVerdicts(prisma, created.runId);
    const agentLine = lines.find((line) => line.criterionId === agentCriterion);
    expect(agentLine?.mode).toBe(AGENT_MODE);
    const rows = await prisma.transcriptEvaluation.findMany({ where: { runId: created.runId }, select: { score: true, transcript: { select: { success: true } } } });
    for (const outcome of [true, false]) {
      const own = rows.filter((row) => row.transcript.success === outcome);
      const side = outcome ? agentLine?.successful : agentLine?.failed;
      expect(side?.transcripts).toBe(own.length);
      expect(side?.meanScore ?? null).toBeCloseTo(own.length ? own.reduce((sum, row) => sum + (row.score ?? 0), 0) / own.length : 0, 6);
    }
    // The call-level criterion keeps its line per mode beside it.
    expect(lines.some((line) => line.criterionId === callCriterion && line.mode !== AGENT_MODE)).toBe(true);

    // Results by outcome: each group has the agent criterion's cell, over that group's transcripts.
    const { groups } = await runResultGroups(prisma, created.runId, "outcome");
    for (const group of groups.filter((entry) => entry.key !== null)) {
      const own = rows.filter((row) => (row.transcript.success ? "success" : "failure") === group.key && row.score !== null);
      expect(group.cells.get(cellKey(agentCriterion, AGENT_MODE))?.verdicts).toBe(own.length);
    }
    // By tool, only the calls' results: an agent-level result judges a whole transcript, not one tool's calls.
    const byTool = await runResultGroups(prisma, created.runId, "tool");
    expect(byTool.groups.length).toBeGreaterThan(0);
    for (const group of byTool.groups) {
      expect(group.cells.has(cellKey(agentCriterion, AGENT_MODE))).toBe(false);
      expect([...group.cells.keys()].some((key) => key.startsWith(cellKey(callCriterion, "")))).toBe(true);
    }
  });

  it("judges each transcript exactly once with two workers, and a second run from the cache", async () => {
    const judge = countingAgentJudge();
    const factory: JudgeFactory = () => judge;
    const first = await create({ criterionIds: [agentCriterion] });
    const workers = [startWorker({ prisma, judgeFactory: factory, pollMs: 20, batchSize: 2, ...quiet }), startWorker({ prisma, judgeFactory: factory, pollMs: 20, batchSize: 2, ...quiet })];
    try {
      await waitFor(async () => (await prisma.run.findUniqueOrThrow({ where: { id: first.runId } })).status === "done");
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(judge.traces).toHaveLength(transcripts);
    expect(judge.calls).toHaveLength(0);
    expect(new Set(judge.traces.map((input) => JSON.stringify(input.content.messages))).size).toBe(transcripts);

    const second = await create({ criterionIds: [agentCriterion] });
    await runUntilIdle({ prisma, judgeFactory: factory, ...quiet });
    expect(judge.traces).toHaveLength(transcripts);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: second.runId } });
    expect(run).toMatchObject({ status: "done", cacheHits: transcripts, doneCount: transcripts });
  });

  it("never claims the agent rows of a cancelled run, which stay pending", async () => {
    const created = await create({ criterionIds: [agentCriterion] });
    await cancelRun(prisma, created.runId);
    expect(await claimTranscriptBatch(prisma, "worker-a", 8)).toEqual([]);
    expect(await prisma.transcriptEvaluation.count({ where: { runId: created.runId, status: "pending" } })).toBe(transcripts);
  });

  it("refuses a late write once the claim was released", async () => {
    const created = await create({ criterionIds: [agentCriterion] });
    const [id] = await claimTranscriptBatch(prisma, "worker-a", 1);
    await releaseClaims(prisma, "worker-a", [id]);
    const result = { score: 1, passed: null, applicable: true, explanation: "late", findings: [] };
    const written = await writeResult(prisma, "worker-a", { id, runId: created.runId, scope: "agent" }, { status: "done", result, cacheKey: null, cached: false, attempts: 1, latencyMs: 1, judgeId: "checks" });
    expect(written).toBe(false);
    expect(await prisma.transcriptEvaluation.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", explanation: null });
  });

  it("gives concurrent claimers disjoint rows, renews leases, and takes back expired claims", async () => {
    const created = await create({ criterionIds: [agentCriterion] });
    const start = new Date("2030-01-01T00:00:00Z");
    const [a, b] = await Promise.all([claimTranscriptBatch(prisma, "elsewhere:1:a", 2, start), claimTranscriptBatch(prisma, "elsewhere:1:b", 2, start)]);
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(2);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).toMatchObject({ status: "running" });
    // b's claims are renewed just before the lease ends; a's are not, and go back to pending.
    expect(await renewClaims(prisma, "elsewhere:1:b", b, new Date(start.getTime() + LEASE - 1000))).toBe(2);
    expect(await renewClaims(prisma, "elsewhere:1:a", b, new Date(start.getTime() + LEASE - 1000))).toBe(0);
    expect(await releaseAbandoned(prisma, "me", LEASE, new Date(start.getTime() + LEASE + 1))).toBe(2);
    const status = async (ids: string[]) => (await prisma.transcriptEvaluation.findMany({ where: { id: { in: ids } }, select: { status: true, claimedBy: true } })).map((row) => `${row.status}:${row.claimedBy}`);
    expect(await status(a)).toEqual(["pending:null", "pending:null"]);
    expect(await status(b)).toEqual(["running:elsewhere:1:b", "running:elsewhere:1:b"]);
    // Taken over: the first claimer's late write is refused, the new claimer's lands once.
    const again = await claimTranscriptBatch(prisma, "me", 1);
    expect(a).toContain(again[0]);
    const result = { score: 1, passed: null, applicable: true, explanation: "judged", findings: [] };
    const outcome = { status: "done", result, cacheKey: null, cached: false, attempts: 1, latencyMs: 1, judgeId: "checks" } as const;
    const evaluation = { id: again[0], runId: created.runId, scope: "agent" } as const;
    expect(await writeResult(prisma, "elsewhere:1:a", evaluation, outcome)).toBe(false);
    expect(await writeResult(prisma, "me", evaluation, outcome)).toBe(true);
    expect(await writeResult(prisma, "me", evaluation, outcome)).toBe(false);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: created.runId } })).toMatchObject({ doneCount: 1, errorCount: 0 });
  });

  it("records Composo as unable to judge agents, and retries those rows", async () => {
    const created = await create({ criterionIds: [agentCriterion], judge: { kind: "composo" } });
    await runUntilIdle({ prisma, judgeFactory: () => countingJudge("composo"), ...quiet });
    const rows = await prisma.transcriptEvaluation.findMany({ where: { runId: created.runId } });
    expect(rows.every((row) => row.status === "error" && row.errorKind === "unsupported" && /Composo judge cannot judge agent-level criteria/.test(row.error ?? ""))).toBe(true);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: created.runId } });
    expect(run).toMatchObject({ status: "done", errorCount: transcripts });
    const progress = await getRunProgress(prisma, created.runId);
    expect(progress?.errors[0]).toMatchObject({ errorKind: "unsupported", count: transcripts });
    expect(await retryFailed(prisma, created.runId)).toEqual({ retried: transcripts });
    expect(await prisma.transcriptEvaluation.count({ where: { runId: created.runId, status: "pending" } })).toBe(transcripts);
  });
});

describe("exporting agent-level results", () => {
  const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it("adds one record per transcript × agent criterion after the calls, with scope agent and no call fields", async () => {
    const created = await create();
    await runUntilIdle({ prisma, ...quiet });
    const callRows = await prisma.evaluation.count({ where: { runId: created.runId } });

    const jsonl = await read(exportStream(prisma, created.runId, runViewSchema.parse({}), "jsonl", { ids: 5, results: 2 }));
    const records = jsonl.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(callRows + transcripts);
    const agent = records.filter((record) => record.scope === "agent");
    expect(agent).toHaveLength(transcripts);
    expect(records.slice(callRows)).toEqual(agent);
    expect(records.slice(0, callRows).every((record) => record.scope === "call" && typeof record.tool_call_id === "string")).toBe(true);
    for (const record of agent) {
      expect(record).toMatchObject({ run_id: created.runId, criterion_id: agentCriterion, status: "done", judge: "checks", human: null });
      expect(typeof record.transcript_name).toBe("string");
      // The outcome fields and the verdict's source, as a call's record has them.
      expect(Object.keys(record)).toEqual(expect.arrayContaining(["model", "task_id", "trial", "tags", "reward", "success", "passed_from"]));
      expect(record.passed_from === null || record.passed_from === "score >= 0.5" || record.passed_from === "judge").toBe(true);
      for (const field of ["call_ordinal", "call_id", "tool_call_id", "tool", "arguments", "mode"]) expect(record).not.toHaveProperty(field);
    }

    const [header, ...rows] = parseCsv(await read(exportStream(prisma, created.runId, runViewSchema.parse({}), "csv")));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const agentRows = rows.filter((row) => row[header.indexOf("scope")] === "agent");
    expect(agentRows).toHaveLength(transcripts);
    expect(agentRows.every((row) => row[header.indexOf("tool_call_id")] === "" && row[header.indexOf("mode")] === "" && row[header.indexOf("transcript_id")] !== "")).toBe(true);
  });
});

describe("agent-level results for the pages", () => {
  it("lists a run's results page by page, and a transcript's across runs", async () => {
    const created = await create({ criterionIds: [agentCriterion] });
    await runUntilIdle({ prisma, ...quiet });
    const first = await runAgentResults(prisma, created.runId);
    expect(first).toMatchObject({ total: transcripts, page: 1, pageSize: AGENT_RESULTS_PAGE });
    expect(first.rows).toHaveLength(Math.min(transcripts, AGENT_RESULTS_PAGE));
    expect(first.rows[0]).toMatchObject({ runId: created.runId, criterionId: agentCriterion, status: "done", scale: "continuous" });
    expect(typeof first.rows[0].transcriptName).toBe("string");
    expect((await runAgentResults(prisma, created.runId, 999)).page).toBe(Math.ceil(transcripts / AGENT_RESULTS_PAGE));

    const [summary] = await runAgentSummary(prisma, created.runId, [{ id: agentCriterion, scale: "continuous" }]);
    expect(summary).toMatchObject({ criterionId: agentCriterion, total: transcripts, errors: 0, waiting: 0 });
    expect(summary.passed + summary.failed + summary.notApplicable).toBe(transcripts);
    expect(summary.meanScore).not.toBeNull();

    const transcriptId = first.rows[0].transcriptId;
    const later = await create({ criterionIds: [agentCriterion], name: "later run" });
    await runUntilIdle({ prisma, ...quiet });
    const forTranscript = await transcriptAgentResults(prisma, transcriptId);
    expect(forTranscript.map((row) => row.runId)).toEqual([later.runId, created.runId]);
    expect(forTranscript.every((row) => row.transcriptId === transcriptId)).toBe(true);
  });
});
