import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { meanScore, passRate } from "@/lib/runs/results/aggregates";
import { verdictOf } from "@/lib/runs/results/verdict";
import { createRun } from "@/lib/runs/server/create-run";
import { listRuns } from "@/lib/runs/server/list-runs";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { RUN_GROUPS, runViewSchema, type RunGroupField, type RunView } from "@/lib/runs/schemas/run-view";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { criterionStats } from "./criterion-stats";
import { flipCounts } from "./flip-counts";
import { runOutcomeVerdicts } from "./outcome-verdicts";
import { runCallPage } from "./run-call-page";
import { runMetadataValues } from "./run-metadata";
import { runResultGroups } from "./run-groups";
import { cellKey } from "@/lib/runs/results/run-groups";
import { runToolNames } from "./run-tools";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";
import { readRunState } from "./state-cache";

const stateOf = async (client: PrismaClient, runId: string) => (await readRunState(client, runId)) ?? expect.fail(`no run ${runId}`);

// The demo data judged once in a both-mode run and an immediate run; every test only reads.
let demo: JudgedDemo;
let prisma: PrismaClient;
let runId: string;
let immediateRunId: string;
let scales: Map<string, CriterionScale>;

beforeAll(async () => {
  demo = await judgedDemo("page");
  ({ prisma, bothRunId: runId, immediateRunId } = demo);
  const criteria = await prisma.criterion.findMany({ select: { id: true, scale: true } });
  scales = new Map(criteria.map((c) => [c.id, c.scale as CriterionScale]));
}, 120_000);
afterAll(() => demo.cleanup());

const view = (input: Record<string, string> = {}): RunView => runViewSchema.parse({ size: "100", ...input });

describe("criterionStats", () => {
  it("counts verdicts and means with the rules of lib/runs/results, per criterion and mode", async () => {
    const rows = await prisma.evaluation.findMany({ where: { runId }, select: { criterionId: true, mode: true, status: true, score: true, passed: true } });
    const stats = await criterionStats(prisma, [runId]);
    expect(stats).toHaveLength(scales.size * 2);
    for (const s of stats) {
      const own = rows.filter((row) => row.criterionId === s.criterionId && row.mode === s.mode);
      const scale = scales.get(s.criterionId) ?? "continuous";
      const expected = passRate(own.map((row) => verdictOf(row, scale)));
      expect(s).toMatchObject({ passed: expected.passed, failed: expected.failed, notApplicable: expected.notApplicable, errors: 0, waiting: 0 });
      expect(s.rate).toBe(expected.rate);
      const mean = meanScore(own.filter((row) => row.status === "done").map((row) => row.score));
      if (mean === null) expect(s.meanScore).toBeNull();
      else expect(s.meanScore).toBeCloseTo(mean, 12);
    }
  });

  it("keeps runs apart and returns nothing for no runs", async () => {
    const stats = await criterionStats(prisma, [runId, immediateRunId]);
    expect(stats.filter((s) => s.runId === immediateRunId)).toHaveLength(3);
    expect(await criterionStats(prisma, [])).toEqual([]);
  });
});

describe("flipCounts", () => {
  it("agrees with the stored comparisons", async () => {
    const flipped = await prisma.callComparison.findMany({ where: { runId, flipped: true } });
    const counts = await flipCounts(prisma, runId);
    expect(counts.calls).toBe(new Set(flipped.map((row) => row.toolCallId)).size);
    expect(counts.calls).toBeGreaterThan(0);
    expect(counts.byCriterion.reduce((sum, c) => sum + c.total, 0)).toBe(flipped.length);
    for (const c of counts.byCriterion) {
      const own = flipped.filter((row) => row.criterionId === c.criterionId);
      expect(c.passToFail).toBe(own.filter((row) => row.immediateVerdict === "pass" && row.hindsightVerdict === "fail").length);
      expect(c.failToPass).toBe(own.filter((row) => row.immediateVerdict === "fail" && row.hindsightVerdict === "pass").length);
    }
  });
});

describe("runCallPage", () => {
  it("pages the run's calls in transcript order with only the page's results", async () => {
    const calls = await prisma.toolCall.count();
    const first = await runCallPage(prisma, await stateOf(prisma, runId), view({ size: "10" }));
    expect(first.total).toBe(calls);
    expect(first.rows).toHaveLength(10);
    for (const row of first.rows) expect(row.results).toHaveLength(scales.size * 2);
    const second = await runCallPage(prisma, await stateOf(prisma, runId), view({ size: "10", page: "2" }));
    expect(second.rows.map((row) => row.toolCallId)).not.toContain(first.rows[0].toolCallId);
    const past = await runCallPage(prisma, await stateOf(prisma, runId), view({ size: "10", page: "99" }));
    expect(past.page).toBe(Math.ceil(calls / 10));
    expect(past.rows.length).toBeGreaterThan(0);
  });

  it("filters to flipped calls and marks the flipped criteria", async () => {
    const page = await runCallPage(prisma, await stateOf(prisma, runId), view({ changed: "1" }));
    const flippedCalls = new Set((await prisma.callComparison.findMany({ where: { runId, flipped: true }, select: { toolCallId: true } })).map((row) => row.toolCallId));
    expect(page.total).toBe(flippedCalls.size);
    expect(page.rows.every((row) => row.flipped.length > 0 && flippedCalls.has(row.toolCallId))).toBe(true);
  });

  it("sorts by a criterion's score and searches by tool name", async () => {
    const continuous = [...scales].find(([, scale]) => scale === "continuous")?.[0];
    expect(continuous).toBeDefined();
    const sorted = await runCallPage(prisma, await stateOf(prisma, runId), view({ sort: "score", criterion: continuous ?? "", dir: "desc" }));
    const scores = sorted.rows.map((row) => row.results.find((r) => r.criterionId === continuous && r.mode === "hindsight")?.score ?? null);
    const judged = scores.filter((score): score is number => score !== null);
    expect(judged).toEqual([...judged].sort((a, b) => b - a));

    const [tool] = await runToolNames(prisma, runId);
    const found = await runCallPage(prisma, await stateOf(prisma, runId), view({ q: tool.toolName }));
    expect(found.total).toBeGreaterThanOrEqual(tool.calls);
    expect(found.rows.every((row) => row.toolName.includes(tool.toolName) || row.argumentsPreview.includes(tool.toolName) || row.transcriptName.includes(tool.toolName))).toBe(true);
  });
});

describe("runCallPage with metadata filters", () => {
  it("shows each call's transcript metadata and filters by model, task, tag and outcome", async () => {
    const all = await runCallPage(prisma, await stateOf(prisma, runId), view());
    const rows = all.rows;
    expect(rows.every((row) => row.transcript.taskId !== null && row.transcript.reward !== null)).toBe(true);
    const expectFilter = async (input: Record<string, string>, keep: (row: (typeof rows)[number]) => boolean) => {
      const page = await runCallPage(prisma, await stateOf(prisma, runId), view(input));
      const expected = rows.filter(keep).map((row) => row.toolCallId);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      expect(page.rows.map((row) => row.toolCallId).sort()).toEqual(expected.sort());
      expect(page.total).toBe(expected.length);
    };
    await expectFilter({ outcome: "failure" }, (row) => row.transcript.success === false);
    await expectFilter({ outcome: "success" }, (row) => row.transcript.success === true);
    await expectFilter({ model: "gpt-4o-mini" }, (row) => row.transcript.model === "gpt-4o-mini");
    await expectFilter({ task: "checkout-5xx-triage" }, (row) => row.transcript.taskId === "checkout-5xx-triage");
    await expectFilter({ tag: "booking" }, (row) => row.transcript.tags.includes("booking"));
    expect((await runCallPage(prisma, await stateOf(prisma, runId), view({ outcome: "unknown" }))).total).toBe(0);
  });

  it("filters by the service and prompt version a monitor's trend splits by", async () => {
    const [first] = (await runCallPage(prisma, await stateOf(prisma, runId), view())).rows;
    await prisma.transcript.update({ where: { id: first.transcriptId }, data: { service: "weather-agent", promptVersion: "v3" } });
    try {
      const idsOf = async (input: Record<string, string>) => (await runCallPage(prisma, await stateOf(prisma, runId), view(input))).rows.map((row) => row.transcriptId);
      const calls = await prisma.toolCall.count({ where: { transcriptId: first.transcriptId, evaluations: { some: { runId } } } });
      expect(await idsOf({ service: "weather-agent" })).toEqual(Array(calls).fill(first.transcriptId));
      expect(await idsOf({ prompt: "v3" })).toEqual(Array(calls).fill(first.transcriptId));
      expect(await idsOf({ service: "weather-agent", prompt: "v2" })).toEqual([]);
    } finally {
      await prisma.transcript.update({ where: { id: first.transcriptId }, data: { service: null, promptVersion: null } });
    }
  });

  it("lists the metadata values of the run's transcripts for the filters", async () => {
    const transcripts = await prisma.transcript.findMany({ select: { model: true, taskId: true, tags: true } });
    const values = await runMetadataValues(prisma, runId);
    const distinct = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => v !== null))].sort();
    expect(values.models).toEqual(distinct(transcripts.map((t) => t.model)));
    expect(values.tasks).toEqual(distinct(transcripts.map((t) => t.taskId)));
    expect(values.tags).toEqual(distinct(transcripts.flatMap((t) => (t.tags ? (JSON.parse(t.tags) as string[]) : []))));
    expect(values.outcomes).toBe(true);
  });
});

describe("runOutcomeVerdicts", () => {
  it("compares verdicts on successful and failed transcripts by the rules of lib/runs/results, per criterion and mode", async () => {
    const rows = await prisma.evaluation.findMany({
      where: { runId },
      select: { criterionId: true, mode: true, status: true, score: true, passed: true, toolCall: { select: { transcriptId: true, transcript: { select: { success: true } } } } },
    });
    const lines = await runOutcomeVerdicts(prisma, runId);
    expect(lines).toHaveLength(scales.size * 2);
    for (const line of lines) {
      const scale = scales.get(line.criterionId) ?? "continuous";
      const own = rows.filter((row) => row.criterionId === line.criterionId && row.mode === line.mode);
      for (const outcome of [true, false]) {
        const side = outcome ? line.successful : line.failed;
        const results = own.filter((row) => row.toolCall.transcript.success === outcome);
        const verdicts = passRate(results.map((row) => verdictOf(row, scale)));
        expect(side.transcripts).toBe(new Set(results.map((row) => row.toolCall.transcriptId)).size);
        expect(side.verdicts).toBe(verdicts.passed + verdicts.failed);
        expect(side.passRate).toBe(verdicts.rate);
      }
      // The lowest call score of each transcript, then the AUC by its pairwise definition.
      const lowest = new Map<string, { success: boolean; min: number }>();
      for (const row of own) {
        const value = row.status === "done" ? (row.score ?? (row.passed === null ? null : Number(row.passed))) : null;
        const success = row.toolCall.transcript.success;
        if (value === null || success === null) continue;
        const known = lowest.get(row.toolCall.transcriptId);
        lowest.set(row.toolCall.transcriptId, { success, min: Math.min(known?.min ?? Number.POSITIVE_INFINITY, value) });
      }
      const positives = [...lowest.values()].filter((t) => t.success).map((t) => t.min);
      const negatives = [...lowest.values()].filter((t) => !t.success).map((t) => t.min);
      expect(line.separation).toMatchObject({ successful: positives.length, failed: negatives.length });
      if (line.separation.kind === "auc") {
        let wins = 0;
        for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
        expect(line.separation.auc).toBeCloseTo(wins / (positives.length * negatives.length), 12);
      }
    }
    // The demo holds five successful and three failed transcripts (prisma/demo/README.md): enough for an AUC somewhere.
    expect(lines.some((line) => line.separation.kind === "auc")).toBe(true);
  });
});

describe("runCallPage on a run judged in auto mode", () => {
  it("sorts every call by score, whichever mode judged it", async () => {
    const continuous = [...scales].find(([, scale]) => scale === "continuous")?.[0] ?? "";
    const { runId: autoRunId } = await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds: [continuous], mode: "auto" }));
    await runUntilIdle({ prisma, onError: () => {} });
    const modes = await prisma.evaluation.groupBy({ by: ["mode"], where: { runId: autoRunId }, _count: { _all: true } });
    expect(modes).toHaveLength(2);
    const sorted = await runCallPage(prisma, await stateOf(prisma, autoRunId), view({ sort: "score", criterion: continuous }));
    expect(sorted.rows).toHaveLength(sorted.total);
    const scores = sorted.rows.map((row) => row.results[0]?.score ?? null).filter((score): score is number => score !== null);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });
});

describe("listRuns", () => {
  it("adds verdict counts and mean scores per criterion from grouped queries", async () => {
    const { rows } = await listRuns(prisma);
    const both = rows.find((row) => row.id === runId);
    expect(both).toBeDefined();
    const stats = await criterionStats(prisma, [runId]);
    expect(both?.counts).toEqual({
      passed: stats.reduce((sum, s) => sum + s.passed, 0),
      failed: stats.reduce((sum, s) => sum + s.failed, 0),
      notApplicable: stats.reduce((sum, s) => sum + s.notApplicable, 0),
      errors: 0,
    });
    expect(both?.criteria).toHaveLength(scales.size);
    expect(both?.criteria.every((c) => c.means.map((m) => m.mode).join() === "immediate,hindsight")).toBe(true);
    expect(rows.find((row) => row.id === immediateRunId)?.criteria.map((c) => c.means.length)).toEqual([1, 1, 1]);
  });
});

describe("runResultGroups", () => {
  it("counts a group's transcripts once when the run judged some in one mode only and others in the other", async () => {
    const rollback = new Error("rolled back");
    const checked = prisma.$transaction(async (tx) => {
      const calls = await tx.toolCall.findMany({ orderBy: { id: "asc" }, select: { id: true, transcriptId: true } });
      const half = new Set(calls.slice(0, Math.floor(calls.length / 2)).map((call) => call.id));
      // Immediate results for the first half of the calls only, hindsight for the others only: no criterion and mode saw every transcript.
      await tx.evaluation.deleteMany({ where: { runId, mode: "hindsight", toolCallId: { in: [...half] } } });
      await tx.evaluation.deleteMany({ where: { runId, mode: "immediate", toolCallId: { notIn: [...half] } } });
      const rows = await tx.evaluation.findMany({ where: { runId }, select: { toolCall: { select: { transcriptId: true, toolName: true, transcript: { select: { model: true } } } } } });
      for (const field of ["tool", "model"] as const) {
        const keyOf = (row: (typeof rows)[number]) => (field === "tool" ? row.toolCall.toolName : row.toolCall.transcript.model);
        const { groups } = await runResultGroups(tx as PrismaClient, runId, field);
        expect(groups.length).toBeGreaterThan(1);
        for (const group of groups) expect(group.transcripts).toBe(new Set(rows.filter((row) => keyOf(row) === group.key).map((row) => row.toolCall.transcriptId)).size);
      }
      throw rollback;
    });
    await expect(checked).rejects.toBe(rollback);
    expect(await prisma.evaluation.count({ where: { runId, mode: "hindsight" } })).toBe(await prisma.evaluation.count({ where: { runId, mode: "immediate" } }));
  });

  it("counts each model's, task's, tag's, outcome's and tool's verdicts per criterion and mode by the rules of lib/runs/results", async () => {
    const rows = await prisma.evaluation.findMany({
      where: { runId },
      select: {
        criterionId: true,
        mode: true,
        status: true,
        score: true,
        passed: true,
        toolCallId: true,
        toolCall: { select: { transcriptId: true, toolName: true, transcript: { select: { model: true, taskId: true, tags: true, success: true, reward: true } } } },
      },
    });
    type Row = (typeof rows)[number];
    const keysOf: Record<RunGroupField, (row: Row) => (string | null)[]> = {
      model: (row) => [row.toolCall.transcript.model],
      task: (row) => [row.toolCall.transcript.taskId],
      tag: (row) => {
        const tags = row.toolCall.transcript.tags ? (JSON.parse(row.toolCall.transcript.tags) as string[]) : [];
        return tags.length ? tags : [null];
      },
      outcome: (row) => [row.toolCall.transcript.success === null ? null : row.toolCall.transcript.success ? "success" : "failure"],
      tool: (row) => [row.toolCall.toolName],
    };
    for (const field of RUN_GROUPS) {
      const { groups } = await runResultGroups(prisma, runId, field);
      const expectedKeys = new Set(rows.flatMap(keysOf[field]));
      expect(new Set(groups.map((g) => g.key))).toEqual(expectedKeys);
      expect(groups.length).toBeGreaterThan(1);
      // The demo's transcripts all carry a reward: the means below are compared, not skipped.
      expect(groups.every((group) => group.rewarded > 0)).toBe(true);
      for (const group of groups) {
        const inGroup = rows.filter((row) => keysOf[field](row).includes(group.key));
        expect(group.calls).toBe(new Set(inGroup.map((row) => row.toolCallId)).size);
        expect(group.transcripts).toBe(new Set(inGroup.map((row) => row.toolCall.transcriptId)).size);
        const outcomes = new Map(inGroup.map((row) => [row.toolCall.transcriptId, row.toolCall.transcript.success]));
        const known = [...outcomes.values()].filter((success) => success !== null);
        expect(group.withOutcome).toBe(known.length);
        expect(group.successRate).toBe(known.length ? known.filter(Boolean).length / known.length : null);
        const rewards = [...new Map(inGroup.map((row) => [row.toolCall.transcriptId, row.toolCall.transcript.reward])).values()].filter((reward) => reward !== null);
        expect(group.rewarded).toBe(rewards.length);
        if (rewards.length) expect(group.meanReward).toBeCloseTo(rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length, 9);
        else expect(group.meanReward).toBeNull();
        for (const criterionId of scales.keys()) {
          for (const mode of ["immediate", "hindsight"]) {
            const own = inGroup.filter((row) => row.criterionId === criterionId && row.mode === mode);
            const cell = group.cells.get(cellKey(criterionId, mode));
            if (!own.length) {
              expect(cell).toBeUndefined();
              continue;
            }
            const verdicts = passRate(own.map((row) => verdictOf(row, scales.get(criterionId) ?? "continuous")));
            expect(cell?.verdicts).toBe(verdicts.passed + verdicts.failed);
            expect(cell?.passRate).toBe(verdicts.rate);
          }
        }
      }
    }
  });
});
