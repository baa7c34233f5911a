import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "./dialect";
import { withPgTransaction } from "./pg-pool";

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
  if (rows < ANALYZE_AFTER_ROWS || dialectOf(prisma) !== "postgresql") return;
  try {
    await withPgTransaction(prisma, { maxWaitMs: 5_000, timeoutMs: 60_000 }, async (tx) => {
      await tx.query("SET LOCAL lock_timeout = '1s'");
      await tx.query(`ANALYZE ${tables.map((table) => `"${table}"`).join(", ")}`);
    });
  } catch {
    // Statistics only steer plans; autovacuum's next round brings them.
  }
}
