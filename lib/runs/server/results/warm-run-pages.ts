import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { getRun } from "@/lib/runs/server/get-run";
import { runResultsSummary } from "@/lib/runs/server/run-results";
import { runCallPage } from "./run-call-page";
import { cachedRunMetadataValues, cachedRunProgress, cachedRunToolNames, runModes } from "./run-page-cache";

export interface WarmRunPagesOptions {
  /** The newest runs to warm, besides monitors' runs. */
  newest?: number;
  /** Monitors' runs to warm, the most recently started first. */
  monitors?: number;
  /** No further run is started past this time: start-up must not wait on a large database. */
  budgetMs?: number;
  log?: (line: string) => void;
}

/**
 * Reads, in the web server before it answers, what the run page reads for the runs people open
 * first: monitors' runs, which never end, and the newest runs. At 1.26 million results a
 * restarted server's first view of such a run took 366 ms against 109 ms for the next ones (251 ms
 * with this warm-up; bench:results, SQLite), spent on the query compiler's first plans, code not
 * yet optimised, the page's per-run aggregates (kept in this process, run-page-cache.ts) and the
 * database pages of the run's first rows. Returns the ids of the runs it warmed; a failure is
 * logged and ends the warm-up, never start-up.
 */
export async function warmUpRunPages(prisma: PrismaClient, options: WarmRunPagesOptions = {}): Promise<string[]> {
  const { newest = 2, monitors = 3, budgetMs = 5_000, log = console.error } = options;
  const started = performance.now();
  const warmed: string[] = [];
  try {
    const [monitorRuns, newestRuns] = await Promise.all([
      prisma.run.findMany({ where: { monitor: { isNot: null } }, orderBy: { createdAt: "desc" }, take: monitors, select: { id: true } }),
      prisma.run.findMany({ orderBy: { createdAt: "desc" }, take: newest, select: { id: true } }),
    ]);
    const ids = [...new Set([...monitorRuns, ...newestRuns].map((run) => run.id))];
    const view = runViewSchema.parse({});
    for (const id of ids) {
      if (performance.now() - started > budgetMs) break;
      const run = await getRun(prisma, id);
      if (!run) continue;
      await cachedRunProgress(prisma, run);
      await runCallPage(prisma, run, view);
      await Promise.all([runModes(prisma, run), cachedRunToolNames(prisma, run), cachedRunMetadataValues(prisma, run)]);
      if (run.status !== "pending" && run.status !== "running") await runResultsSummary(prisma, run);
      warmed.push(id);
    }
  } catch (error) {
    log(`callboard: warming up the run pages failed (${error instanceof Error ? error.message : String(error)}); they warm on first use`);
  }
  return warmed;
}
