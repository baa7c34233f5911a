import type { PrismaClient } from "@/lib/generated/prisma/client";
import { cachedCriterionStats, type CriterionModeStats } from "@/lib/runs/server/results/criterion-stats";
import { flipCounts, type FlipCounts } from "@/lib/runs/server/results/flip-counts";
import { snapshotOr } from "@/lib/runs/server/results/run-snapshots";
import { remembered, StateCache, type RunState } from "@/lib/runs/server/results/state-cache";

export interface RunResultsSummary {
  /** Per criterion and mode. */
  stats: CriterionModeStats[];
  /** Null unless the run judged in both modes: only then is there anything to flip. */
  flips: FlipCounts | null;
}

const flipsCache = new StateCache<FlipCounts>();

function cachedFlips(prisma: PrismaClient, run: RunState): Promise<FlipCounts> {
  return remembered(flipsCache, run, () => flipCounts(prisma, run.id));
}

/**
 * The run page's header: pass rate and mean score per criterion and mode, and the flips. `run`
 * is the run as just read: its state decides whether remembered aggregates still hold, and a
 * running run's are the worker's snapshots when it has them.
 */
export async function runResultsSummary(prisma: PrismaClient, run: RunState & { mode: string }): Promise<RunResultsSummary> {
  const [stats, flips] = await Promise.all([
    snapshotOr(prisma, run, "stats", () => cachedCriterionStats(prisma, [run])),
    run.mode === "both" ? snapshotOr(prisma, run, "flips", () => cachedFlips(prisma, run)) : null,
  ]);
  return { stats, flips };
}
