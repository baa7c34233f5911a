import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { FINAL_SNAPSHOT_WINDOW_MS, finalSnapshotsTaken, groupsKind, isSnapshotKind, keptFinal, LARGE_RUN_RESULTS, nextSnapshot, SNAPSHOT_CLAIM_MS, parseSnapshotValue, snapshotFinal, snapshotUsable, type SnapshotKind, type SnapshotStamp, type SnapshotValue } from "@/lib/runs/results/run-snapshot";
import { storedRunGroups } from "@/lib/runs/results/run-groups";
import { RUN_GROUPS, runViewSchema, type RunGroupField } from "@/lib/runs/schemas/run-view";
import { resultModes, runCharts } from "./charts";
import { criterionStats } from "./criterion-stats";
import { flipCounts } from "./flip-counts";
import { runOutcomeVerdicts } from "./outcome-verdicts";
import { runResultGroups } from "./run-groups";
import { errorGroupsOf, RUN_PAGE_ERROR_GROUPS } from "@/lib/runs/server/run-progress";
import { callMarks } from "./call-marks";
import { runCallCount } from "./run-call-query";
import { runMetadataValues } from "./run-metadata";
import { runToolNames } from "./run-tools";
import type { RunState } from "./state-cache";

/*
 * Live aggregates of running runs (lib/runs/results/run-snapshot.ts): the worker computes them with the
 * very queries a finished run's page runs, and the web reads them while the run is judged.
 */

const LIVE = ["pending", "running"];
const unfiltered = runViewSchema.parse({});

/** The exact value of one kind for a run: what a finished run's page shows. */
export async function computeSnapshotValue<K extends SnapshotKind>(prisma: PrismaClient, runId: string, kind: K): Promise<SnapshotValue<K>> {
  const grouped = (field: RunGroupField) => [groupsKind(field), async () => storedRunGroups(await runResultGroups(prisma, runId, field))] as const;
  const compute: { [Kind in SnapshotKind]: () => Promise<SnapshotValue<Kind>> } = {
    ...(Object.fromEntries(RUN_GROUPS.map(grouped)) as { [Kind in ReturnType<typeof groupsKind>]: () => Promise<SnapshotValue<Kind>> }),
    stats: () => criterionStats(prisma, [runId]),
    flips: () => flipCounts(prisma, runId),
    tools: () => runToolNames(prisma, runId),
    metadata: () => runMetadataValues(prisma, runId),
    outcomes: () => runOutcomeVerdicts(prisma, runId),
    "call-count": () => runCallCount(prisma, runId, unfiltered),
    "call-marks": () => callMarks(prisma, runId),
    errors: () => errorGroupsOf(prisma, runId, RUN_PAGE_ERROR_GROUPS),
    modes: () => resultModes(prisma, runId),
    charts: () => runCharts(prisma, runId),
  };
  return compute[kind]() as Promise<SnapshotValue<K>>;
}

const EVERY_RUN_VIEW_KINDS: readonly SnapshotKind[] = ["stats", "call-count", "call-marks", "tools", "metadata", "errors", "charts"];
/**
 * The kinds every run keeps, whatever its mode and transcripts: a finished run that lacks one
 * lacks final snapshots (it finished before the kind existed, or the metadata backfill deleted
 * them), and a large one is given them (LARGE_RUN_RESULTS).
 */
const EVERY_RUN_KINDS: readonly SnapshotKind[] = [...EVERY_RUN_VIEW_KINDS, groupsKind("tool")];

/**
 * The kinds kept for a run whatever its transcripts: flips only when it judges both modes, the
 * modes only for an "auto" run (the others say theirs). A large run waits for these before it is
 * marked done (finalSnapshotsTaken): they are what its page's first view reads.
 */
function viewKinds(mode: string): SnapshotKind[] {
  const kinds: SnapshotKind[] = [...EVERY_RUN_VIEW_KINDS];
  if (mode === "both") kinds.push("flips");
  if (mode === "auto") kinds.push("modes");
  return kinds;
}

/**
 * The kinds kept for a run: viewKinds, then those its metadata snapshot says the page offers,
 * taken after it: the outcomes once its transcripts have some, and its results grouped by each
 * field with values (by tool always: every call has one), which the page shows when asked. By tool
 * comes last (RUN_GROUPS' order), and missing kinds are taken in this order: a finished run that
 * has it has all the others, which is how takeNextSnapshot finds older runs lacking some.
 */
function kindsFor(mode: string, metadata: unknown): SnapshotKind[] {
  const values = parseSnapshotValue("metadata", metadata);
  const offered: Record<RunGroupField, boolean> = {
    model: Boolean(values?.models.length),
    task: Boolean(values?.tasks.length),
    tag: Boolean(values?.tags.length),
    outcome: Boolean(values?.outcomes),
    tool: true,
  };
  return [...viewKinds(mode), ...(values?.outcomes ? (["outcomes"] as const) : []), ...RUN_GROUPS.filter((field) => offered[field]).map(groupsKind)];
}

/** What takeNextSnapshot reads of a run: its state and its snapshots' stamps. */
const SNAPSHOT_RUN = {
  id: true,
  mode: true,
  status: true,
  total: true,
  doneCount: true,
  errorCount: true,
  materialising: true,
  snapshots: { select: { kind: true, doneCount: true, errorCount: true, costMs: true, computedAt: true, rowsComplete: true, claimedUntil: true } },
} as const;

/** What one turn of refreshNextSnapshot did. */
export interface SnapshotTurn {
  /** How long the snapshot it computed took; 0 when none was due. */
  costMs: number;
  /** It was a final value that a run waits for to be done: the next one is due at once. */
  finalising: boolean;
  /** Runs it marked done, their final snapshots all taken. */
  closed: string[];
}

/**
 * Computes the most overdue snapshot of the runs being judged, or of a run that finished in the
 * last FINAL_SNAPSHOT_WINDOW_MS (its final values), or of the latest large run that finished
 * before and lacks some (LARGE_RUN_RESULTS), if any is due, and stores it. Returns how long
 * that took (0 when nothing was due), for the worker to rest accordingly. The counters are read
 * before the value, so a snapshot never claims more results than it counts.
 */
export async function refreshNextSnapshot(prisma: PrismaClient, now: Date = new Date()): Promise<number> {
  return (await takeNextSnapshot(prisma, now)).costMs;
}

/**
 * refreshNextSnapshot, which also closes the runs whose results are all in but which wait for
 * their final snapshots (FINAL_BEFORE_DONE_COST_MS): their missing final values come first, and
 * a run is marked done once all are taken, at the counters they were taken at (a retry since
 * moved them: it stays open). A run left waiting by a worker that died is closed by another's
 * finishIdleRuns.
 */
export async function takeNextSnapshot(prisma: PrismaClient, now: Date = new Date()): Promise<SnapshotTurn> {
  const idle: SnapshotTurn = { costMs: 0, finalising: false, closed: [] };
  const windowStart = new Date(now.getTime() - FINAL_SNAPSHOT_WINDOW_MS);
  const [recent, older] = await Promise.all([
    prisma.run.findMany({ where: { OR: [{ status: { in: LIVE } }, { finishedAt: { gte: windowStart } }] }, select: SNAPSHOT_RUN }),
    // Last among the candidates: of equally overdue snapshots, a run being judged goes first.
    prisma.run.findFirst({
      where: { status: { notIn: LIVE }, finishedAt: { lt: windowStart }, total: { gte: LARGE_RUN_RESULTS }, OR: EVERY_RUN_KINDS.map((kind) => ({ snapshots: { none: { kind } } })) },
      orderBy: { finishedAt: "desc" },
      select: SNAPSHOT_RUN,
    }),
  ]);
  const runs = older ? [...recent, older] : recent;
  const awaiting = new Set(runs.filter((run) => LIVE.includes(run.status) && !run.materialising && run.doneCount + run.errorCount >= run.total).map((run) => run.id));
  for (const run of runs.filter((candidate) => awaiting.has(candidate.id))) {
    const stamps = new Map(run.snapshots.flatMap((snapshot) => (isSnapshotKind(snapshot.kind) ? [[snapshot.kind, snapshot] as const] : [])));
    if (!finalSnapshotsTaken(viewKinds(run.mode), stamps, run, now)) continue;
    const { count } = await prisma.run.updateMany({
      where: { id: run.id, status: { in: LIVE }, materialising: false, doneCount: run.doneCount, errorCount: run.errorCount },
      data: { status: "done", finishedAt: now },
    });
    if (count) idle.closed.push(run.id);
    awaiting.delete(run.id);
  }
  const open = runs.filter((run) => !idle.closed.includes(run.id));
  if (!open.length) return idle;
  // Of the values, only the metadata's is read here (whether transcripts have outcomes), every turn.
  const metadata = new Map(
    (await prisma.runSnapshot.findMany({ where: { runId: { in: open.map((run) => run.id) }, kind: "metadata" }, select: { runId: true, value: true } })).map((row) => [row.runId, row.value]),
  );
  const candidates = open.flatMap((run) =>
    kindsFor(run.mode, metadata.get(run.id))
      .filter((kind) => (LIVE.includes(run.status) && !awaiting.has(run.id)) || keptFinal(kind))
      .map((kind) => ({ runId: run.id, kind, run, awaitingFinal: awaiting.has(run.id), stamp: run.snapshots.find((snapshot) => snapshot.kind === kind) ?? null })),
  );
  // A run waiting to be done first: nextSnapshot takes the first of equally overdue ones.
  candidates.sort((a, b) => Number(b.awaitingFinal) - Number(a.awaitingFinal));
  const next = nextSnapshot(candidates, now);
  if (!next) return idle;
  const claim = { runId: next.runId, kind: next.kind };
  // Taken only if the stamp is still the one read above, so that one worker computes it. A missing
  // snapshot has no row to claim: each kind's first value, taken while the run is small, may be computed twice.
  if (next.stamp) {
    const { count } = await prisma.runSnapshot.updateMany({
      where: { ...claim, computedAt: next.stamp.computedAt, OR: [{ claimedUntil: null }, { claimedUntil: { lte: now } }] },
      data: { claimedUntil: new Date(now.getTime() + SNAPSHOT_CLAIM_MS) },
    });
    if (!count) return idle;
  }
  const started = performance.now();
  const value = await computeSnapshotValue(prisma, next.runId, next.kind).catch(async (error: unknown) => {
    // Left to the next worker at once rather than when the claim lapses.
    await prisma.runSnapshot.updateMany({ where: claim, data: { claimedUntil: null } }).catch(() => undefined);
    throw error;
  });
  const costMs = performance.now() - started;
  const row = {
    doneCount: next.run.doneCount,
    errorCount: next.run.errorCount,
    // Read with the counters, before the value: rows complete then were complete for the query.
    rowsComplete: !next.run.materialising,
    costMs: Math.round(costMs),
    computedAt: new Date(),
    claimedUntil: null,
    value: value as Prisma.InputJsonValue,
  };
  // The run may have been deleted meanwhile: then there is nothing to keep.
  await prisma.runSnapshot
    .upsert({ where: { runId_kind: { runId: next.runId, kind: next.kind } }, create: { runId: next.runId, kind: next.kind, ...row }, update: row })
    .catch((error: unknown) => {
      if (!(typeof error === "object" && error !== null && "code" in error && (error.code === "P2003" || error.code === "P2025"))) throw error;
    });
  return { ...idle, costMs, finalising: next.awaitingFinal };
}

/** Whether a stored snapshot may stand in for the query, and its value if so. */
function usableValue<K extends SnapshotKind>(kind: K, row: SnapshotStamp & { value: unknown }, run: RunState, now: Date): SnapshotValue<K> | null {
  const usable = LIVE.includes(run.status) ? snapshotUsable(kind, row, run, now) : snapshotFinal(kind, row, run, now);
  return usable ? parseSnapshotValue(kind, row.value) : null;
}

/** usableSnapshot for several runs in one query (the runs list), in their order. */
export async function usableSnapshots<K extends SnapshotKind>(prisma: PrismaClient, runs: readonly RunState[], kind: K, now: Date = new Date()): Promise<(SnapshotValue<K> | null)[]> {
  if (!runs.length) return [];
  const rows = await prisma.runSnapshot.findMany({ where: { kind, runId: { in: runs.map((run) => run.id) } } });
  const byRun = new Map(rows.map((row) => [row.runId, row]));
  return runs.map((run) => {
    const row = byRun.get(run.id);
    return row ? usableValue(kind, row, run, now) : null;
  });
}

/**
 * The worker's snapshot of `kind` for `run` (read just before): for a run being judged, a usable
 * one; for a finished run, only a final one (snapshotFinal), which is exact. Null when there is
 * none, and the caller must query.
 */
export async function usableSnapshot<K extends SnapshotKind>(prisma: PrismaClient, run: RunState, kind: K, now: Date = new Date()): Promise<SnapshotValue<K> | null> {
  const [value] = await usableSnapshots(prisma, [run], kind, now);
  return value;
}

/** The worker's snapshot (live, or a finished run's final one), else `query`. */
export async function snapshotOr<K extends SnapshotKind>(prisma: PrismaClient, run: RunState, kind: K, query: () => Promise<SnapshotValue<K>>): Promise<SnapshotValue<K>> {
  return (await usableSnapshot(prisma, run, kind)) ?? query();
}
