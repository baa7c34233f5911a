import { z } from "zod";
import { RUN_GROUPS, type RunGroupField } from "@/lib/runs/schemas/run-view";

/*
 * A running run's aggregates as the worker last computed them (the RunSnapshot table). Aggregating
 * a result table that grows by thousands of rows a second is a synchronous query of hundreds of
 * milliseconds to seconds; in the web server it stalls every request, in the worker it only slows
 * judging, by a share this module bounds. What is kept, when it is due again, and when the web may
 * use it instead of the query are decided here, without I/O.
 */

const count = z.number().int().nonnegative();
const fraction = z.number().nullable();

const criterionModeStats = z.object({
  runId: z.string(),
  criterionId: z.string(),
  mode: z.string(),
  judged: count,
  passed: count,
  failed: count,
  notApplicable: count,
  errors: count,
  waiting: count,
  rate: fraction,
  meanScore: fraction,
});

const flipCounts = z.object({
  calls: count,
  byCriterion: z.array(z.object({ criterionId: z.string(), passToFail: count, failToPass: count, total: count })),
});

const outcomeSide = z.object({ transcripts: count, verdicts: count, passRate: fraction, meanScore: fraction });
const criterionOutcome = z.object({
  criterionId: z.string(),
  mode: z.string(),
  successful: outcomeSide,
  failed: outcomeSide,
  separation: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("auc"), auc: z.number(), successful: count, failed: count }),
    z.object({ kind: z.literal("not-enough-data"), successful: count, failed: count, needed: count }),
  ]),
});

const verdictCounts = z.object({ passed: count, failed: count, notApplicable: count, unsettled: count });
const verdictKey = z.enum(["pass", "fail", "n/a"]);

/** The run's charts page for one mode (lib/runs/server/results/charts.ts). */
const modeCharts = z.object({
  mode: z.enum(["immediate", "hindsight"]),
  distributions: z.array(
    z.object({
      criterionId: z.string(),
      histogram: z.object({ bins: z.array(z.object({ from: z.number(), to: z.number(), count })), total: count, outOfRange: count }),
      verdicts: verdictCounts,
    }),
  ),
  /** Pass rate per tool over all criteria (criterionId null) and over each criterion with results. */
  byTool: z.array(z.object({ criterionId: z.string().nullable(), tools: z.array(verdictCounts.extend({ tool: z.string(), rate: z.number().nullable() })) })),
});

const flipMatrix = z.object({
  counts: z.record(verdictKey, z.record(verdictKey, count)),
  total: count,
  excluded: count,
  flips: count,
  flipRate: z.number().nullable(),
});

/**
 * The run's results grouped by one field (lib/runs/results/run-groups.ts), as the page shows them:
 * the largest groups, each cell by criterion and mode (a list: PostgreSQL's JSON holds no NUL, which
 * the cells' map keys contain).
 */
const runGroups = z.object({
  groups: z.array(
    z.object({
      key: z.string().nullable(),
      transcripts: count,
      successRate: fraction,
      withOutcome: count,
      meanReward: fraction,
      rewarded: count,
      calls: count,
      cells: z.array(z.object({ criterionId: z.string(), mode: z.string(), verdicts: count, passRate: fraction, meanScore: fraction })),
      worstPassRate: fraction,
    }),
  ),
  more: count,
});

/** The snapshot kind of the run's results grouped by `field`. */
export const groupsKind = (field: RunGroupField) => `groups-${field}` as const;
type GroupsKind = ReturnType<typeof groupsKind>;
const GROUPS_SCHEMAS = Object.fromEntries(RUN_GROUPS.map((field) => [groupsKind(field), runGroups])) as Record<GroupsKind, typeof runGroups>;

/** Each kind of snapshot and the shape of its value. */
export const SNAPSHOT_SCHEMAS = {
  stats: z.array(criterionModeStats),
  flips: flipCounts,
  tools: z.array(z.object({ toolName: z.string(), calls: count })),
  metadata: z.object({ models: z.array(z.string()), tasks: z.array(z.string()), tags: z.array(z.string()), outcomes: z.boolean() }),
  outcomes: z.array(criterionOutcome),
  /** The calls of the run's unfiltered call list. */
  "call-count": count,
  /**
   * Marks in the unfiltered call list (transcript order, ascending): a transcript about every
   * `stride` calls, and how many calls of the run come before its first. The tool-call page's place
   * is then a mark's plus a walk of about `stride` calls (call-marks.ts), not of every call before it.
   */
  "call-marks": z.object({ stride: z.number().int().positive(), marks: z.array(z.object({ transcriptId: z.string(), before: count })) }),
  /** The run's five commonest errors (run-progress.ts errorGroupsOf), for the run page's progress panel. */
  errors: z.array(z.object({ error: z.string(), errorKind: z.string().nullable(), count })),
  /** The modes an "auto" run has results in, immediate first. */
  modes: z.array(z.enum(["immediate", "hindsight"])),
  /** The charts page: for each mode with results, the score distributions and pass rates by tool; the flip matrices of a run in both modes. */
  charts: z.object({ modes: z.array(modeCharts), matrices: z.array(z.object({ criterionId: z.string(), matrix: flipMatrix })) }),
  ...GROUPS_SCHEMAS,
} as const;

export type SnapshotKind = keyof typeof SNAPSHOT_SCHEMAS;
export type SnapshotValue<K extends SnapshotKind> = z.infer<(typeof SNAPSHOT_SCHEMAS)[K]>;
export const SNAPSHOT_KINDS = Object.keys(SNAPSHOT_SCHEMAS) as SnapshotKind[];

/** The value stored for `kind`, or null when it does not have the kind's shape (an older version wrote it). */
export function parseSnapshotValue<K extends SnapshotKind>(kind: K, value: unknown): SnapshotValue<K> | null {
  const parsed = SNAPSHOT_SCHEMAS[kind].safeParse(value);
  return parsed.success ? (parsed.data as SnapshotValue<K>) : null;
}

export function isSnapshotKind(kind: string): kind is SnapshotKind {
  return Object.hasOwn(SNAPSHOT_SCHEMAS, kind);
}

/** The counters a run's results move, as the run row holds them. */
export interface RunCounters {
  doneCount: number;
  errorCount: number;
}

export interface SnapshotStamp extends RunCounters {
  costMs: number;
  computedAt: Date;
  /** Computed once every row of the run was in place (materialising was over). */
  rowsComplete: boolean;
  /** A worker is computing it again until then (SNAPSHOT_CLAIM_MS): the others leave it to that worker. */
  claimedUntil?: Date | null;
}

/**
 * A snapshot is recomputed no sooner than this many times its cost after the last time: at
 * 300,000 results the statistics take ~0.25 s, so a live page's figures lag by up to 4 s, and
 * keeping them costs the worker ~6% of its time instead of a fifth...
 */
export const SNAPSHOT_AGE_FACTOR = 16;
/** ...and no sooner than this, so that a cheap one is not recomputed on every write. */
export const SNAPSHOT_MIN_AGE_MS = 2000;
/**
 * After computing a snapshot the worker judges for this many times as long before it computes
 * the next one: snapshots take at most a fifth of its time, however large the run.
 */
export const SNAPSHOT_REST_FACTOR = 4;
/**
 * A snapshot behind the run's counters and older than this is not used: the worker that kept it
 * up to date is gone, and the web's own query (remembered per run state) is better than a value
 * that no longer moves.
 */
export const SNAPSHOT_MAX_AGE_MS = 120_000;
/**
 * ...or older than this many of its own refresh periods (SNAPSHOT_AGE_FACTOR times its cost),
 * when that is longer: a costly snapshot is due less often than SNAPSHOT_MAX_AGE_MS even while a
 * worker keeps it. At 1.26 million results the charts and the grouped lists cost the worker 10-15 s
 * each, so they were due every 3-4 minutes, and past two the web ran their queries itself, for
 * 10-15 s with the event loop held on SQLite. Several periods, since snapshots share a fifth of the
 * worker's time and the most overdue goes first: at that size each waits its turn for longer.
 */
export const SNAPSHOT_MAX_AGE_PERIODS = 4;

/** How long a snapshot behind its run's counters may still be shown. */
const maxAgeMs = (stamp: SnapshotStamp) => Math.max(SNAPSHOT_MAX_AGE_MS, SNAPSHOT_MAX_AGE_PERIODS * SNAPSHOT_AGE_FACTOR * stamp.costMs);
/**
 * How long a worker holds a snapshot it has started computing. Every worker looks for a due
 * snapshot a few times a second, so without a claim several workers found the same one due and
 * each computed it: the statistics of a large run, once per worker. A worker that dies holding one
 * delays its next value by this much at most.
 */
export const SNAPSHOT_CLAIM_MS = 60_000;

const settled = (counters: RunCounters) => counters.doneCount + counters.errorCount;

/**
 * The kinds computed from which calls the run has rows for, not from their results: once every
 * row is in place they no longer move as results come in. Metadata also reads the transcripts'
 * metadata, which a backfill may rewrite: refreshed now and then, as these all are.
 */
const OF_ROWS: ReadonlySet<SnapshotKind> = new Set<SnapshotKind>(["tools", "call-count", "call-marks", "metadata"]);

/** Whether the snapshot's value stays exact as results come in: a value of the rows, taken once all were in place. */
const settledRows = (kind: SnapshotKind, stamp: SnapshotStamp) => stamp.rowsComplete && OF_ROWS.has(kind);

/** How often a snapshot of the rows alone (settledRows) is recomputed: only a deleted transcript or a metadata backfill changes it. */
export const ROWS_REFRESH_MS = 30_000;

/**
 * How overdue a snapshot is, in milliseconds past the time it may be recomputed (0 or more), or
 * null when it is not due: its run's results have not moved since, it is younger than its cost
 * allows, or another worker is computing it. A missing snapshot is the most overdue, and so is
 * one of a run whose results are all in and that waits for its final snapshots to be done
 * (`awaitingFinal`, FINAL_BEFORE_DONE_COST_MS) until it is final.
 */
export function snapshotOverdue(kind: SnapshotKind, stamp: SnapshotStamp | null, run: RunCounters, now: Date, awaitingFinal = false): number | null {
  if (!stamp) return Number.POSITIVE_INFINITY;
  if (awaitingFinal) return (stamp.claimedUntil && stamp.claimedUntil.getTime() > now.getTime()) || snapshotFinal(kind, stamp, run, now) ? null : Number.POSITIVE_INFINITY;
  if (stamp.doneCount === run.doneCount && stamp.errorCount === run.errorCount) return null;
  if (stamp.claimedUntil && stamp.claimedUntil.getTime() > now.getTime()) return null;
  const age = settledRows(kind, stamp) ? ROWS_REFRESH_MS : Math.max(SNAPSHOT_MIN_AGE_MS, SNAPSHOT_AGE_FACTOR * stamp.costMs);
  const overdue = now.getTime() - stamp.computedAt.getTime() - age;
  return overdue >= 0 ? overdue : null;
}

/**
 * Whether the web may show a running run's snapshot instead of querying. Not when it is ahead of
 * the run's counters (a retry put errors back to pending since), nor when it lags them and has
 * not been refreshed for SNAPSHOT_MAX_AGE_MS, or for SNAPSHOT_MAX_AGE_PERIODS of its refresh
 * periods if longer (no worker keeps it).
 */
export function snapshotUsable(kind: SnapshotKind, stamp: SnapshotStamp, run: RunCounters, now: Date): boolean {
  // Results reopened by a retry do not change which rows the run has.
  if (!settledRows(kind, stamp) && (settled(stamp) > settled(run) || stamp.doneCount > run.doneCount)) return false;
  if (stamp.doneCount === run.doneCount && stamp.errorCount === run.errorCount) return true;
  return now.getTime() - stamp.computedAt.getTime() <= maxAgeMs(stamp);
}

/**
 * The kinds a finished run keeps as final: those computed from its results alone, and its
 * transcripts' metadata values. Metadata is rewritten only by the metadata backfill
 * (fillMetadataColumns), which deletes every snapshot that reads it (OF_METADATA) when it changes a
 * row; late spans of a trace may change a judged transcript as they may change its calls, which
 * tools and the call count already accept. Queried on every first view instead, a run of 1.26
 * million results spent 1.7 s finding its 30,000 transcripts (bench:results), 5 s on its outcomes
 * and 15 s grouping it by tool, on SQLite with the web server's event loop held meanwhile.
 */
const KEPT_FINAL: ReadonlySet<SnapshotKind> = new Set<SnapshotKind>([
  "stats",
  "flips",
  "tools",
  "call-count",
  "call-marks",
  "modes",
  "metadata",
  "errors",
  "charts",
  "outcomes",
  ...RUN_GROUPS.map(groupsKind),
]);

/** The kinds that read the transcripts' metadata columns besides the results: what the metadata backfill makes stale. */
export const OF_METADATA: readonly SnapshotKind[] = ["metadata", "outcomes", ...RUN_GROUPS.map(groupsKind)];

/** Whether a finished run may keep a final snapshot of this kind. */
export const keptFinal = (kind: SnapshotKind) => KEPT_FINAL.has(kind);

/**
 * Whether a finished run's snapshot is its exact value: of a kind computed from results alone,
 * taken at the run's final counters, when every result was already settled (counters are read
 * before the value, and a retry that reopens results moves them), or of the rows alone once all
 * were in place. Then the web need not aggregate the finished run either. A value of the rows
 * that a backfill may still rewrite (metadata) stands in for as long as it would for a running
 * run, ROWS_REFRESH_MS, counted from the end when the worker kept it until then (rowsFreshAt):
 * the first views of a run that has just finished then do not query it (on PostgreSQL, 1.4-2 s
 * at 300,000 results, while every open view asked at once).
 */
export function snapshotFinal(kind: SnapshotKind, stamp: SnapshotStamp, run: RunCounters & { finishedAt?: Date | null }, now: Date): boolean {
  if (settledRows(kind, stamp) && now.getTime() - rowsFreshAt(stamp, run.finishedAt) <= ROWS_REFRESH_MS) return true;
  return keptFinal(kind) && (settledRows(kind, stamp) || (stamp.doneCount === run.doneCount && stamp.errorCount === run.errorCount));
}

/**
 * When a value of the rows was last known to be current: when it was taken, or when the run
 * finished if the worker kept it up to date until then (taken within two refreshes of the end).
 * Once the run is done no worker refreshes it, so measured from when it was taken it ran out at a
 * random moment after the end, often seconds after: then the first views of a run of 300,000
 * results each waited 1.4-1.8 s for the web's own query (bench:runs on PostgreSQL).
 */
function rowsFreshAt(stamp: SnapshotStamp, finishedAt: Date | null | undefined): number {
  const taken = stamp.computedAt.getTime();
  const end = finishedAt?.getTime();
  return end !== undefined && taken >= end - 2 * ROWS_REFRESH_MS ? Math.max(taken, end) : taken;
}

/**
 * A run whose statistics took at least this long to compute (its stats snapshot's cost) is not
 * marked done by its last result: the worker first takes its final snapshots, then closes it
 * (takeNextSnapshot). Marked done at once, a run of 300,000 results had every open view of its
 * pages query its statistics while the worker computed the same final snapshot, for 3-4 s on two
 * cores; meanwhile its live snapshots serve the pages as while it ran. A cheaper run is closed by
 * its last result as before: its pages query it in a few milliseconds.
 */
export const FINAL_BEFORE_DONE_COST_MS = 250;

/**
 * Whether a run whose results are all in may be marked done: every kind kept final (`kinds`) has
 * a snapshot that is its exact final value.
 */
export function finalSnapshotsTaken(kinds: readonly SnapshotKind[], stamps: ReadonlyMap<SnapshotKind, SnapshotStamp>, run: RunCounters, now: Date): boolean {
  return kinds.filter(keptFinal).every((kind) => {
    const stamp = stamps.get(kind);
    return stamp !== undefined && snapshotFinal(kind, stamp, run, now);
  });
}

/**
 * How long after a run finished the worker still takes its final snapshots: the first views of a
 * finished run come soon after it, and older runs are queried (and remembered) as before, unless
 * they are large (LARGE_RUN_RESULTS).
 */
export const FINAL_SNAPSHOT_WINDOW_MS = 10 * 60_000;

/**
 * A finished run of at least this many results is given the final snapshots it lacks however long
 * ago it finished: one that finished before a kind existed, or whose snapshots the metadata
 * backfill deleted. At this size the page's own query of a grouped list takes about 200 ms on
 * SQLite (some 8 µs a result at 1.26 million), with the web server's event loop held meanwhile;
 * a smaller run's are queried on its first view in each process, and remembered.
 */
export const LARGE_RUN_RESULTS = 25_000;

/** The snapshot to compute next: the most overdue of `candidates` (the first of equals), or null when none is due. */
export function nextSnapshot<T extends { kind: SnapshotKind; stamp: SnapshotStamp | null; run: RunCounters; awaitingFinal?: boolean }>(candidates: readonly T[], now: Date): T | null {
  let best: T | null = null;
  let bestOverdue = -1;
  for (const candidate of candidates) {
    const overdue = snapshotOverdue(candidate.kind, candidate.stamp, candidate.run, now, candidate.awaitingFinal);
    if (overdue !== null && overdue > bestOverdue) {
      best = candidate;
      bestOverdue = overdue;
    }
  }
  return best;
}
