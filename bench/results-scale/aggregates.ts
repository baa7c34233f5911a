/**
 * The run's aggregates that no bench:results case covers, each timed once in a fresh process: the
 * charts snapshot the worker keeps and the charts page's reads of it, the queries the page falls
 * back to (score distributions, pass rates by tool, flip matrices), the run page's outcomes
 * section and its list grouped by tool. Against a database bench:results kept (--keep),
 * or its PostgreSQL copy (a URL's `options` set the connection's settings, e.g. parallel workers):
 *
 *   DATABASE_URL=file:/tmp/…/bench.db npx tsx bench/results-scale/aggregates.ts
 */
import { getPrisma } from "@/lib/platform/db/client";
import { getRun } from "@/lib/runs/server/get-run";
import { flipMatrices, passRateByTool, runCharts, scoreDistributions } from "@/lib/runs/server/results/charts";
import { usableSnapshot } from "@/lib/runs/server/results/run-snapshots";
import { runOutcomeVerdicts } from "@/lib/runs/server/results/outcome-verdicts";
import { runResultGroups } from "@/lib/runs/server/results/run-groups";

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`${label.padEnd(26)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
}

async function main(): Promise<void> {
  const prisma = getPrisma();
  // The bench's own run (recent-run.ts may have added another).
  const run = await prisma.run.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
  // The charts page reads the worker's "charts" snapshot: its cost moved to the worker, once per refresh.
  await timed("charts snapshot (worker)", async () => {
    const value = await runCharts(prisma, run.id);
    const stamp = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { doneCount: true, errorCount: true } });
    const row = { value, costMs: 0, computedAt: new Date(), rowsComplete: true, ...stamp };
    await prisma.runSnapshot.upsert({ where: { runId_kind: { runId: run.id, kind: "charts" } }, create: { runId: run.id, kind: "charts", ...row }, update: row });
  });
  await timed("charts page's reads", async () => {
    const state = await getRun(prisma, run.id);
    if (!state || !(await usableSnapshot(prisma, state, "charts"))) throw new Error("the charts snapshot is not usable");
  });
  await timed("score distributions", () => scoreDistributions(prisma, run.id, "hindsight"));
  await timed("pass rate by tool", () => passRateByTool(prisma, run.id, "hindsight"));
  await timed("flip matrices", () => flipMatrices(prisma, run.id));
  await timed("outcomes", () => runOutcomeVerdicts(prisma, run.id));
  await timed("list grouped by tool", () => runResultGroups(prisma, run.id, "tool"));
  await prisma.$disconnect();
}

void main();
