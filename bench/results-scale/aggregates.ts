/**
 * The run's aggregates that no bench:results case covers, each timed once in a fresh process: the
 * snapshots the worker keeps of the charts page, of the run page's outcomes section and of its
 * list grouped by tool and by model, then the pages' reads of them, then the queries the pages fall
 * back to for a run without them. Against a database bench:results kept (--keep), or its
 * PostgreSQL copy (a URL's `options` set the connection's settings, e.g. parallel workers):
 *
 *   DATABASE_URL=file:/tmp/…/bench.db npx tsx bench/results-scale/aggregates.ts
 */
import { getPrisma } from "@/lib/platform/db/client";
import type { SnapshotKind } from "@/lib/runs/results/run-snapshot";
import { getRun } from "@/lib/runs/server/get-run";
import { flipMatrices, passRateByTool, scoreDistributions } from "@/lib/runs/server/results/charts";
import { cachedRunOutcomeVerdicts, snapshotRunResultGroups } from "@/lib/runs/server/results/run-page-cache";
import { computeSnapshotValue, usableSnapshot } from "@/lib/runs/server/results/run-snapshots";
import { runOutcomeVerdicts } from "@/lib/runs/server/results/outcome-verdicts";
import { runResultGroups } from "@/lib/runs/server/results/run-groups";

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`${label.padEnd(30)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
}

async function main(): Promise<void> {
  const prisma = getPrisma();
  // The bench's own run (recent-run.ts may have added another).
  const run = await prisma.run.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
  // The pages read the worker's snapshots: their cost moved to the worker, once per refresh.
  const kinds: SnapshotKind[] = ["charts", "outcomes", "groups-tool", "groups-model"];
  for (const kind of kinds) {
    await timed(`${kind} snapshot (worker)`, async () => {
      const value = await computeSnapshotValue(prisma, run.id, kind);
      const stamp = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { doneCount: true, errorCount: true } });
      const row = { value, costMs: 0, computedAt: new Date(), rowsComplete: true, ...stamp };
      await prisma.runSnapshot.upsert({ where: { runId_kind: { runId: run.id, kind } }, create: { runId: run.id, kind, ...row }, update: row });
    });
  }
  const state = await getRun(prisma, run.id);
  if (!state) throw new Error("the run is gone");
  // Else the reads below would time the queries they fall back to.
  for (const kind of kinds) if (!(await usableSnapshot(prisma, state, kind))) throw new Error(`the ${kind} snapshot is not usable`);
  await timed("charts page's reads", () => usableSnapshot(prisma, state, "charts"));
  await timed("outcomes section's reads", () => cachedRunOutcomeVerdicts(prisma, state));
  await timed("grouped by tool, reads", () => snapshotRunResultGroups(prisma, state, "tool"));
  await timed("grouped by model, reads", () => snapshotRunResultGroups(prisma, state, "model"));
  await timed("score distributions", () => scoreDistributions(prisma, run.id, "hindsight"));
  await timed("pass rate by tool", () => passRateByTool(prisma, run.id, "hindsight"));
  await timed("flip matrices", () => flipMatrices(prisma, run.id));
  await timed("outcomes", () => runOutcomeVerdicts(prisma, run.id));
  await timed("list grouped by tool", () => runResultGroups(prisma, run.id, "tool"));
  await timed("list grouped by model", () => runResultGroups(prisma, run.id, "model"));
  await prisma.$disconnect();
}

void main();
