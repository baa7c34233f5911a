import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Judge } from "@/lib/judging/judges/types";
import { LARGE_RUN_RESULTS, OF_METADATA, type SnapshotKind } from "@/lib/runs/results/run-snapshot";
import { fillMetadataColumns } from "@/lib/transcripts/server/metadata-index";
import { createRun } from "@/lib/runs/server/create-run";
import { listRuns } from "@/lib/runs/server/list-runs";
import { runResultsSummary } from "@/lib/runs/server/run-results";
import { startWorker } from "@/lib/runs/server/worker/start-worker";
import { waitFor } from "@/lib/runs/server/worker/test-fixtures/wait";
import { RUN_GROUPS, runViewSchema } from "@/lib/runs/schemas/run-view";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { cachedCriterionStats, criterionStats } from "./criterion-stats";
import { flipCounts } from "./flip-counts";
import { runOutcomeVerdicts } from "./outcome-verdicts";
import { cachedRunMetadataValues, cachedRunOutcomeVerdicts, cachedRunToolNames, queriedRunResultGroups, snapshotRunResultGroups } from "./run-page-cache";
import { runResultGroups } from "./run-groups";
import { runCallCount } from "./run-call-query";
import { runMetadataValues } from "./run-metadata";
import { computeSnapshotValue, usableSnapshot, refreshNextSnapshot } from "./run-snapshots";
import { runToolNames } from "./run-tools";
import { readRunState, type RunState } from "./state-cache";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";
import { cachedViewCount } from "./view-count";

let demo: JudgedDemo;
beforeAll(async () => {
  demo = await judgedDemo("snapshots");
});
afterAll(() => demo?.cleanup());

const unfiltered = runViewSchema.parse({});
const stateOf = async (runId: string): Promise<RunState & { mode: string }> => {
  const state = await readRunState(demo.prisma, runId);
  const { mode } = await demo.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { mode: true } });
  if (!state) throw new Error("no run");
  return { ...state, mode };
};

/** What the run page, the call page and the runs list show of a run, through the functions they call. */
async function pageValues(runId: string) {
  const run = await stateOf(runId);
  const summary = await runResultsSummary(demo.prisma, run);
  const listed = (await listRuns(demo.prisma, { size: 100 })).rows.find((row) => row.id === runId);
  return {
    stats: summary.stats,
    flips: summary.flips,
    tools: await cachedRunToolNames(demo.prisma, run),
    metadata: await cachedRunMetadataValues(demo.prisma, run),
    outcomes: await cachedRunOutcomeVerdicts(demo.prisma, run),
    groups: await Promise.all(RUN_GROUPS.map(async (field) => (await snapshotRunResultGroups(demo.prisma, run, field)) ?? queriedRunResultGroups(demo.prisma, run, field))),
    count: await cachedViewCount(demo.prisma, run, unfiltered),
    listCounts: listed?.counts,
  };
}

/** The same values, queried directly from the results. */
async function exactValues(runId: string) {
  const stats = await criterionStats(demo.prisma, [runId]);
  return {
    stats,
    flips: await flipCounts(demo.prisma, runId),
    tools: await runToolNames(demo.prisma, runId),
    metadata: await runMetadataValues(demo.prisma, runId),
    outcomes: await runOutcomeVerdicts(demo.prisma, runId),
    groups: await Promise.all(RUN_GROUPS.map((field) => runResultGroups(demo.prisma, runId, field))),
    count: await runCallCount(demo.prisma, runId, unfiltered),
    listCounts: stats.reduce(
      (sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed, notApplicable: sum.notApplicable + s.notApplicable, errors: sum.errors + s.errors }),
      { passed: 0, failed: 0, notApplicable: 0, errors: 0 },
    ),
  };
}

const sortStats = <T extends { criterionId: string; mode: string }>(rows: T[]) => [...rows].sort((a, b) => `${a.criterionId}${a.mode}`.localeCompare(`${b.criterionId}${b.mode}`));

/** Means and rates to 10 decimals: PostgreSQL may sum a group's doubles in another order from one plan to the next, which moves the last bit. */
const rounded = (value: unknown): unknown => {
  if (typeof value === "number") return Math.round(value * 1e10) / 1e10;
  if (Array.isArray(value)) return value.map(rounded);
  if (value instanceof Map) return new Map([...value].map(([key, inner]) => [key, rounded(inner)]));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  return value;
};

async function storeSnapshot(runId: string, kind: SnapshotKind, value: unknown, counters: { doneCount: number; errorCount: number }, computedAt = new Date(), rowsComplete = false) {
  const row = { value: value as object, doneCount: counters.doneCount, errorCount: counters.errorCount, costMs: 5, computedAt, rowsComplete };
  await demo.prisma.runSnapshot.upsert({ where: { runId_kind: { runId, kind } }, create: { runId, kind, ...row }, update: row });
}

/** Lets the worker's turns compute every snapshot that is due, as it would between batches. */
async function refreshUntilIdle(): Promise<number> {
  let costs = 0;
  for (let turn = 0; turn < 50; turn++) {
    const cost = await refreshNextSnapshot(demo.prisma);
    if (cost === 0) return costs;
    costs += cost;
  }
  throw new Error("snapshots still due after 50 turns");
}

describe("a finished run's page values", () => {
  it("are the exact queries when no snapshot was taken at its final counters", async () => {
    const run = await stateOf(demo.bothRunId);
    expect(run.status).toBe("done");
    // Snapshots left from while it was judged (or wrong ones) are not read once the run is finished.
    const judging = { doneCount: run.doneCount - 1, errorCount: run.errorCount };
    await storeSnapshot(demo.bothRunId, "tools", [{ toolName: "from-snapshot", calls: 1 }], judging);
    await storeSnapshot(demo.bothRunId, "call-count", 12345, judging);
    await storeSnapshot(demo.bothRunId, "stats", [], judging);
    await storeSnapshot(demo.bothRunId, "flips", { calls: 0, byCriterion: [] }, judging);
    await storeSnapshot(demo.bothRunId, "metadata", { models: ["from-snapshot"], tasks: [], tags: [], outcomes: false }, judging);
    const shown = await pageValues(demo.bothRunId);
    const exact = await exactValues(demo.bothRunId);
    expect(rounded({ ...shown, stats: sortStats(shown.stats) })).toEqual(rounded({ ...exact, stats: sortStats(exact.stats) }));
    expect(shown.count).toBeGreaterThan(0);
  });

  it("come from the worker's final snapshots once it has taken them, which equal the queries", async () => {
    const runId = demo.bothRunId;
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await demo.prisma.run.update({ where: { id: runId }, data: { finishedAt: new Date() } });
    expect(await refreshUntilIdle()).toBeGreaterThan(0);
    // Every kind the page reads, the groups by every field its transcripts have (the demo's have all).
    const kinds = (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind).sort();
    const groups = RUN_GROUPS.map((field) => `groups-${field}`);
    expect(kinds).toEqual(["call-count", "call-marks", "charts", "errors", "flips", ...groups, "metadata", "outcomes", "stats", "tools"].sort());
    const exact = await exactValues(runId);
    const shown = await pageValues(runId);
    expect(rounded({ ...shown, stats: sortStats(shown.stats) })).toEqual(rounded({ ...exact, stats: sortStats(exact.stats) }));
    // A marked value at the final counters is what the page shows: it did not query.
    const run = await stateOf(runId);
    await storeSnapshot(runId, "tools", [{ toolName: "from-snapshot", calls: 3 }], run);
    const marked = { key: "from-snapshot", transcripts: 2, successRate: 0.5, withOutcome: 2, meanReward: null, rewarded: 0, calls: 3, worstPassRate: 0 };
    const cell = { criterionId: "c1", mode: "hindsight", verdicts: 3, passRate: 0, meanScore: null };
    await storeSnapshot(runId, "groups-tool", { groups: [{ ...marked, cells: [cell] }], more: 1 }, run);
    const marks = await pageValues(runId);
    expect(marks.tools).toEqual([{ toolName: "from-snapshot", calls: 3 }]);
    expect(marks.groups[RUN_GROUPS.indexOf("tool")]).toEqual({ groups: [{ ...marked, cells: new Map([["c1\u0000hindsight", { verdicts: 3, passRate: 0, meanScore: null }]]) }], more: 1 });
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
  });

  it("that read the transcripts' metadata are forgotten when the metadata backfill rewrites it", async () => {
    const runId = demo.bothRunId;
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await demo.prisma.run.update({ where: { id: runId }, data: { finishedAt: new Date() } });
    await refreshUntilIdle();
    const kinds = async () => (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind);
    const before = await kinds();
    expect(before).toEqual(expect.arrayContaining([...OF_METADATA]));
    await demo.prisma.transcript.updateMany({ data: { metadataVersion: 0 } });
    expect(await fillMetadataColumns(demo.prisma)).toBeGreaterThan(0);
    expect((await kinds()).sort()).toEqual(before.filter((kind) => !OF_METADATA.includes(kind as SnapshotKind)).sort());
    // The worker takes them again, and the page shows the queries' values meanwhile.
    const exact = await exactValues(runId);
    expect(rounded(await pageValues(runId))).toMatchObject(rounded({ groups: exact.groups, outcomes: exact.outcomes, metadata: exact.metadata }) as object);
    await refreshUntilIdle();
    expect((await kinds()).sort()).toEqual([...before].sort());
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
  });

  it("are taken for a large run that finished long ago without them, once", async () => {
    const runId = demo.bothRunId;
    const { total } = await demo.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { total: true } });
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    // As large as LARGE_RUN_RESULTS says; the counters stay the run's own, which its final snapshots are taken at.
    await demo.prisma.run.update({ where: { id: runId }, data: { finishedAt: new Date(Date.now() - 3_600_000), total: LARGE_RUN_RESULTS } });
    try {
      expect(await refreshUntilIdle()).toBeGreaterThan(0);
      const kinds = async () => (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind).sort();
      const groups = RUN_GROUPS.map((field) => `groups-${field}`);
      expect(await kinds()).toEqual(["call-count", "call-marks", "charts", "errors", "flips", ...groups, "metadata", "outcomes", "stats", "tools"].sort());
      const exact = await exactValues(runId);
      const shown = await pageValues(runId);
      expect(rounded({ ...shown, stats: sortStats(shown.stats) })).toEqual(rounded({ ...exact, stats: sortStats(exact.stats) }));
      // Final: nothing is due again.
      expect(await refreshNextSnapshot(demo.prisma)).toBe(0);
      // The metadata backfill deletes those that read metadata: they are taken again.
      await demo.prisma.runSnapshot.deleteMany({ where: { runId, kind: { in: [...OF_METADATA] } } });
      expect(await refreshUntilIdle()).toBeGreaterThan(0);
      expect(await kinds()).toEqual(["call-count", "call-marks", "charts", "errors", "flips", ...groups, "metadata", "outcomes", "stats", "tools"].sort());
    } finally {
      await demo.prisma.run.update({ where: { id: runId }, data: { total } });
      await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    }
  });

  it("are not taken for a run that finished long ago", async () => {
    const runId = demo.bothRunId;
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await demo.prisma.run.update({ where: { id: runId }, data: { finishedAt: new Date(Date.now() - 3_600_000) } });
    await refreshUntilIdle();
    expect(await demo.prisma.runSnapshot.count({ where: { runId } })).toBe(0);
  });

  it("are computed once when many views ask for them at once, as when a large run has just finished", async () => {
    const runId = demo.bothRunId;
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    // A finishing time no view has seen: nothing is remembered for this state yet.
    await demo.prisma.run.update({ where: { id: runId }, data: { finishedAt: new Date(Date.now() - 7_200_000 + Math.floor(Math.random() * 1000)) } });
    const run = await stateOf(runId);
    const queries = countingQueries();
    const views = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        summary: await runResultsSummary(queries.prisma, run),
        tools: await cachedRunToolNames(queries.prisma, run),
        list: await cachedCriterionStats(queries.prisma, [run, run]),
      })),
    );
    // Statistics are one grouped query and flips one, each made once for all six views.
    expect(queries.counts()).toEqual({ evaluationGroupBy: 1, comparisonGroupBy: 1 });
    for (const view of views) expect(view).toEqual(views[0]);
    const exact = await exactValues(runId);
    expect(rounded(sortStats(views[0].summary.stats))).toEqual(rounded(sortStats(exact.stats)));
    expect(views[0].summary.flips).toEqual(exact.flips);
    expect(views[0].tools).toEqual(exact.tools);
    expect(rounded(sortStats(views[0].list))).toEqual(rounded(sortStats([...exact.stats, ...exact.stats])));
  });
});

/** demo.prisma, counting the grouped queries behind the statistics (raw or through Prisma) and the flips. */
function countingQueries() {
  const counts = { evaluationGroupBy: 0, comparisonGroupBy: 0 };
  const groupsEvaluations = (query: unknown) => query instanceof Prisma.Sql && /FROM "Evaluation"[\s\S]*GROUP BY/.test(query.sql);
  const counting = <D extends object>(delegate: D, field: keyof typeof counts): D =>
    new Proxy(delegate, {
      get(target, property, receiver) {
        if (property === "groupBy") counts[field]++;
        return Reflect.get(target, property, receiver);
      },
    });
  const prisma = new Proxy(demo.prisma, {
    get(target, property, receiver) {
      if (property === "evaluation") return counting(target.evaluation, "evaluationGroupBy");
      if (property === "callComparison") return counting(target.callComparison, "comparisonGroupBy");
      if (property === "$queryRaw") {
        return (query: Prisma.Sql) => {
          if (groupsEvaluations(query)) counts.evaluationGroupBy++;
          return target.$queryRaw(query);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { prisma, counts: () => ({ ...counts }) };
}

describe("a running run's page values", () => {
  it("come from the worker's snapshots, computed with the finished run's queries", async () => {
    const runId = demo.immediateRunId;
    const exact = await exactValues(runId);
    // The run as it is while judged: its results written, its counters short of the end, and no
    // snapshot yet (its final ones, taken by an earlier test, are ahead of these counters).
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await demo.prisma.run.update({ where: { id: runId }, data: { status: "running", finishedAt: null, doneCount: { decrement: 1 } } });
    const run = await stateOf(runId);
    expect(await refreshUntilIdle()).toBeGreaterThan(0);
    const kinds = (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind).sort();
    // No flips for a run of one mode; outcomes and groups by outcome only when its transcripts have one.
    const fields = RUN_GROUPS.filter((field) => field !== "outcome" || exact.metadata.outcomes);
    const expected = ["call-count", "call-marks", "charts", "errors", "metadata", "stats", "tools", ...(exact.metadata.outcomes ? ["outcomes"] : []), ...fields.map((field) => `groups-${field}`)].sort();
    expect(kinds).toEqual(expected);
    for (const kind of kinds as SnapshotKind[]) expect(await usableSnapshot(demo.prisma, run, kind)).toEqual(await computeSnapshotValue(demo.prisma, runId, kind));
    // Nothing moved since: nothing is due.
    expect(await refreshNextSnapshot(demo.prisma)).toBe(0);

    // Marked values, to tell the snapshot's from the query's: the page shows the snapshot's.
    await storeSnapshot(runId, "tools", [{ toolName: "from-snapshot", calls: 7 }], run);
    await storeSnapshot(runId, "call-count", 12345, run);
    const stats = exact.stats.map((s) => ({ ...s, passed: s.passed + 1000 }));
    await storeSnapshot(runId, "stats", stats, run);
    const shown = await pageValues(runId);
    expect(shown.tools).toEqual([{ toolName: "from-snapshot", calls: 7 }]);
    expect(shown.count).toBe(12345);
    expect(sortStats(shown.stats)).toEqual(sortStats(stats));
    expect(shown.listCounts?.passed).toBe(exact.listCounts.passed + 1000 * exact.stats.length);
    expect(shown.metadata).toEqual(exact.metadata);
  });

  it("fall back to the query when the snapshot is ahead of the counters, stale, or not of its kind's shape", async () => {
    const runId = demo.immediateRunId;
    await demo.prisma.run.update({ where: { id: runId }, data: { status: "running", finishedAt: null, doneCount: { decrement: 1 } } });
    const run = await stateOf(runId);
    const exact = await exactValues(runId);
    // Ahead: a retry put errors back to pending since it was computed.
    await storeSnapshot(runId, "tools", [{ toolName: "from-snapshot", calls: 7 }], { doneCount: run.doneCount + 1, errorCount: run.errorCount });
    // Behind and not refreshed for ten minutes: no worker keeps it.
    await storeSnapshot(runId, "call-count", 12345, { doneCount: run.doneCount - 5, errorCount: run.errorCount }, new Date(Date.now() - 600_000));
    await storeSnapshot(runId, "stats", { not: "stats" }, run);
    const shown = await pageValues(runId);
    expect(shown.tools).toEqual(exact.tools);
    expect(shown.count).toBe(exact.count);
    expect(sortStats(shown.stats)).toEqual(sortStats(exact.stats));
    expect(await usableSnapshot(demo.prisma, run, "stats")).toBeNull();
  });

  it("say whether the run's rows were all in place when they were taken", async () => {
    const runId = demo.immediateRunId;
    const flags = async () => (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { rowsComplete: true } })).map((row) => row.rowsComplete);
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await demo.prisma.run.update({ where: { id: runId }, data: { materialising: true } });
    try {
      await refreshUntilIdle();
      const partial = await flags();
      expect(partial.length).toBeGreaterThan(0);
      expect(partial).not.toContain(true);
    } finally {
      await demo.prisma.run.update({ where: { id: runId }, data: { materialising: false } });
    }
    await demo.prisma.runSnapshot.deleteMany({ where: { runId } });
    await refreshUntilIdle();
    const complete = await flags();
    expect(complete.length).toBeGreaterThan(0);
    expect(complete).not.toContain(false);
  });

  it("show a value of the rows taken once all were in place even ahead of the counters, since a retry does not change the rows", async () => {
    const runId = demo.immediateRunId;
    const run = await stateOf(runId);
    const ahead = { doneCount: run.doneCount + 1, errorCount: run.errorCount };
    await storeSnapshot(runId, "tools", [{ toolName: "from-snapshot", calls: 7 }], ahead, new Date(), true);
    await storeSnapshot(runId, "stats", [], ahead, new Date(), true);
    expect(await usableSnapshot(demo.prisma, run, "tools")).toEqual([{ toolName: "from-snapshot", calls: 7 }]);
    expect(await usableSnapshot(demo.prisma, run, "stats")).toBeNull();
  });
});

describe("several workers", () => {
  it("compute a snapshot they find due at the same time once: the first claims it, the others leave it", async () => {
    const runId = demo.immediateRunId;
    await demo.prisma.run.update({ where: { id: runId }, data: { status: "running", finishedAt: null } });
    await refreshUntilIdle();
    const run = await stateOf(runId);
    // Results came in since statistics were taken, long enough ago: only they are due.
    await demo.prisma.runSnapshot.update({
      where: { runId_kind: { runId, kind: "stats" } },
      data: { doneCount: run.doneCount - 1, computedAt: new Date(Date.now() - 60_000), costMs: 5 },
    });
    const costs = await Promise.all([refreshNextSnapshot(demo.prisma), refreshNextSnapshot(demo.prisma), refreshNextSnapshot(demo.prisma)]);
    expect(costs.filter((cost) => cost > 0)).toHaveLength(1);
    const stats = await demo.prisma.runSnapshot.findUniqueOrThrow({ where: { runId_kind: { runId, kind: "stats" } } });
    expect(stats.doneCount).toBe(run.doneCount);
    // Stored, the claim is over: the next time results move, it is due again.
    expect(stats.claimedUntil).toBeNull();
    expect(await refreshNextSnapshot(demo.prisma)).toBe(0);
  });
});

describe("the background worker", () => {
  it("keeps snapshots of the runs it judges while it judges them", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting: Judge = { id: "fake-gated", evaluate: async () => (await gate, { score: 1, passed: null, applicable: true, explanation: "ok", findings: [] }) };
    const start = (mode: "both" | "auto") =>
      createRun(demo.prisma, newRunSchema.parse({ name: `gated ${mode}`, selection: { kind: "all" }, criterionIds: demo.criterionIds.slice(0, 2), mode }));
    const both = await start("both");
    const auto = await start("auto");
    const kindsOf = async (runId: string) => (await demo.prisma.runSnapshot.findMany({ where: { runId }, select: { kind: true } })).map((row) => row.kind).sort();
    const worker = startWorker({ prisma: demo.prisma, pollMs: 20, judgeFactory: () => waiting, onError: () => {} });
    try {
      // Flips only for the run of both modes, the modes only for the "auto" one.
      const kinds = await waitFor(async () => {
        const [ofBoth, ofAuto] = await Promise.all([kindsOf(both.runId), kindsOf(auto.runId)]);
        return ofBoth.length >= 8 && ofAuto.length >= 8 && { ofBoth, ofAuto };
      });
      expect(kinds.ofBoth).toEqual(expect.arrayContaining(["call-count", "call-marks", "charts", "errors", "flips", "metadata", "stats", "tools"]));
      expect(kinds.ofAuto).toEqual(expect.arrayContaining(["call-count", "call-marks", "charts", "errors", "metadata", "modes", "stats", "tools"]));
      expect(kinds.ofBoth).not.toContain("modes");
      expect(kinds.ofAuto).not.toContain("flips");
      const run = await stateOf(both.runId);
      expect(run.status).not.toBe("done");
      const live = await usableSnapshot(demo.prisma, run, "stats");
      expect(live?.every((s) => s.runId === both.runId)).toBe(true);
      release();
      await waitFor(async () => (await demo.prisma.run.count({ where: { id: { in: [both.runId, auto.runId] }, status: "done" } })) === 2);
    } finally {
      release();
      await worker.stop();
    }
  });
});
