import type { CriterionScale } from "@/lib/criteria/parse";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { PassRate } from "@/lib/runs/results/aggregates";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";
import { runStateKey, StateCache, type RunState } from "./state-cache";
import { asBoolean, countWhere, toNumber } from "./verdict-sql";

/** Counts and mean score of one criterion in one mode of a run. */
export interface CriterionModeStats extends PassRate {
  runId: string;
  criterionId: string;
  mode: string;
  /** Done rows: judged, whether or not they hold a usable verdict. */
  judged: number;
  errors: number;
  /** Pending or running. */
  waiting: number;
  /** Mean of the done rows' scores; null when none has one. */
  meanScore: number | null;
}

type Key = { runId: string; criterionId: string; mode: string };
const keyOf = (row: Key) => `${row.runId}\u0000${row.criterionId}\u0000${row.mode}`;

/** One group of a run's results: rows of one criterion, mode, status and `passed`. */
interface StatsGroup {
  runId: string;
  criterionId: string;
  mode: string;
  status: string;
  passed: unknown;
  rows: unknown;
  scored: unknown;
  scoreSum: unknown;
  /** Rows whose score is at or above PASS_THRESHOLD. */
  high: unknown;
}

/**
 * Per run, criterion and mode: pass, fail and not-applicable counts, errors and the mean score,
 * with the verdict rules of `verdictOf` (lib/runs/results/verdict), counted by the database rather than
 * by reading every result. A done row's verdict depends only on its scale, its `passed` and which
 * side of PASS_THRESHOLD its score lies, so groups by `passed`, with the scores at or above the
 * threshold counted in the same group, hold everything the rules need. One scan of the run's
 * covering index: as two grouped queries (the second for the scores at or above the threshold) it
 * was read twice, 236 and 246 ms each at 300,000 results on PostgreSQL.
 */
export async function criterionStats(prisma: PrismaClient, runIds: readonly string[]): Promise<CriterionModeStats[]> {
  if (!runIds.length) return [];
  const groups = await prisma.$queryRaw<StatsGroup[]>(Prisma.sql`
    SELECT e."runId", e."criterionId", e."mode", e."status", e."passed",
      COUNT(*) AS "rows", COUNT(e."score") AS "scored", SUM(e."score") AS "scoreSum",
      ${countWhere(Prisma.sql`e."score" >= ${PASS_THRESHOLD}`)} AS "high"
    FROM "Evaluation" e WHERE e."runId" IN (${Prisma.join([...runIds])})
    GROUP BY e."runId", e."criterionId", e."mode", e."status", e."passed"`);
  const criterionIds = [...new Set(groups.map((group) => group.criterionId))];
  const scales = new Map(
    (await prisma.criterion.findMany({ where: { id: { in: criterionIds } }, select: { id: true, scale: true } })).map((c) => [c.id, c.scale as CriterionScale]),
  );
  const stats = new Map<string, CriterionModeStats & { scoreSum: number; scored: number }>();
  for (const group of groups) {
    const key = keyOf(group);
    const entry = stats.get(key) ?? {
      runId: group.runId,
      criterionId: group.criterionId,
      mode: group.mode,
      judged: 0,
      passed: 0,
      failed: 0,
      notApplicable: 0,
      errors: 0,
      waiting: 0,
      rate: null,
      meanScore: null,
      scoreSum: 0,
      scored: 0,
    };
    stats.set(key, entry);
    const count = toNumber(group.rows);
    if (group.status === "not-applicable") entry.notApplicable += count;
    else if (group.status === "error") entry.errors += count;
    else if (group.status !== "done") entry.waiting += count;
    else {
      const scored = toNumber(group.scored);
      const passed = asBoolean(group.passed);
      entry.judged += count;
      entry.scored += scored;
      entry.scoreSum += toNumber(group.scoreSum);
      const atOrAbove = toNumber(group.high);
      if (scales.get(group.criterionId) === "binary" && passed !== null) {
        if (passed) entry.passed += count;
        else entry.failed += count;
      } else {
        entry.passed += atOrAbove;
        entry.failed += scored - atOrAbove;
      }
    }
  }
  return [...stats.values()].map(({ scoreSum, scored, ...entry }) => ({
    ...entry,
    rate: entry.passed + entry.failed ? entry.passed / (entry.passed + entry.failed) : null,
    meanScore: scored ? scoreSum / scored : null,
  }));
}

const cache = new StateCache<CriterionModeStats[]>();

/**
 * `criterionStats` for runs read just before, remembered per run until its state changes: a
 * finished run of 50,000 results is grouped once, not on every view of its page or the list.
 * The state is read before the rows, so a value is never older than the state it is kept under.
 * Runs whose statistics are being computed for their state already wait for that computation;
 * the others are grouped together in one query.
 */
export async function cachedCriterionStats(prisma: PrismaClient, runs: readonly RunState[]): Promise<CriterionModeStats[]> {
  const values = new Map<string, CriterionModeStats[] | Promise<CriterionModeStats[]>>();
  const missing = new Map<string, RunState>();
  for (const run of runs) {
    const state = runStateKey(run);
    const known = cache.get(run.id, state) ?? cache.pending(run.id, state);
    if (known) values.set(run.id, known);
    else missing.set(run.id, run);
  }
  if (missing.size) {
    const started = performance.now();
    const fresh = criterionStats(prisma, [...missing.keys()]);
    for (const run of missing.values()) {
      const state = runStateKey(run);
      const value = fresh.then((all) => {
        const own = all.filter((s) => s.runId === run.id);
        cache.set(run.id, state, own, (performance.now() - started) / missing.size);
        return own;
      });
      values.set(run.id, cache.track(run.id, state, value));
    }
  }
  const settled = await Promise.all(runs.map((run) => values.get(run.id) ?? []));
  return settled.flat();
}
