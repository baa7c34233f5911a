import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "./dialect";
import { withPgTransaction } from "./pg-pool";

/** Whether the planner of a client's database keeps statistics to refresh (SQLite plans without them). */
const KEEPS_STATISTICS = { sqlite: false, postgresql: true } as const;

/** Rows written at once from which PostgreSQL's statistics are refreshed at once. */
export const ANALYZE_AFTER_ROWS = 1_000;

/**
 * Refreshes PostgreSQL's planner statistics of `tables` after a bulk write of `rows` rows (SQLite
 * plans without them). Autovacuum would analyse the tables too, but only on its next round, up to
 * a minute later. Until then a table freshly filled has no statistics, and the run page's list of
 * calls was planned over them at 130 ms a request, against 12 ms once analysed, through the first
 * 100 s of bench:runs on a new database. Best effort: a table that autovacuum is analysing is left
 * to it, and a failure only costs plans.
 */
export async function refreshStatistics(prisma: PrismaClient, tables: readonly string[], rows: number): Promise<void> {
  if (rows >= ANALYZE_AFTER_ROWS && forDialect(prisma, KEEPS_STATISTICS)) await analyse(prisma, tables);
}

async function analyse(prisma: PrismaClient, tables: readonly string[]): Promise<void> {
  try {
    await withPgTransaction(prisma, { maxWaitMs: 5_000, timeoutMs: 60_000 }, async (tx) => {
      await tx.query("SET LOCAL lock_timeout = '1s'");
      await tx.query(`ANALYZE ${tables.map((table) => `"${table}"`).join(", ")}`);
    });
  } catch {
    // Statistics only steer plans; autovacuum's next round brings them.
  }
}

/**
 * Whether a run's rows are worth analysing after its `batch`-th materialise batch (1-based, of
 * this process): the 1st, 4th, 16th, … and the last, so a run that grows a thousandfold is
 * analysed a handful of times while the statistics never lag its size by more than about 4×.
 */
export function materialiseStatisticsDue(batch: number, finished: boolean): boolean {
  if (finished) return true;
  let due = 1;
  while (due < batch) due *= 4;
  return due === batch;
}

// Batches and rows each run being materialised has had from this process.
const growing = new Map<string, { batches: number; rows: number }>();

/**
 * Refreshes Evaluation's statistics as a large run's rows are created (materialise-run.ts). Its
 * rows appear by the tens of thousands within seconds, long before autovacuum's next round: with
 * the run estimated at a few rows, PostgreSQL planned the run page's list of calls and its tools
 * over every row of the run (a hash of the calls judged, then a sort: 90-560 ms a request, the
 * first 20 s of bench:runs) instead of walking the transcripts' order to the page's end (3-10 ms).
 */
export async function refreshAsRunGrows(prisma: PrismaClient, runId: string, batch: MaterialisedStep): Promise<void> {
  if (!forDialect(prisma, KEEPS_STATISTICS)) return;
  const seen = growing.get(runId) ?? { batches: 0, rows: 0 };
  const now = { batches: seen.batches + 1, rows: seen.rows + batch.inserted };
  if (batch.finished) growing.delete(runId);
  else growing.set(runId, now);
  // After the last of several batches (this process's or another's) the run is large, however few
  // of its rows this process created.
  const large = now.rows >= ANALYZE_AFTER_ROWS || (batch.finished && !batch.first);
  if (large && materialiseStatisticsDue(now.batches, batch.finished)) await analyse(prisma, ["Evaluation"]);
}

export interface MaterialisedStep {
  /** Rows the batch created. */
  inserted: number;
  /** Whether it was the run's last. */
  finished: boolean;
  /** Whether it was the run's first (made from the initial cursor). */
  first: boolean;
}
