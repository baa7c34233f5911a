/**
 * The run's aggregates that no bench:results case covers, each timed once in a fresh process: the
 * charts page's score distributions, pass rates by tool and flip matrices, the run page's
 * outcomes section and its list grouped by tool. Against a database bench:results kept (--keep),
 * or its PostgreSQL copy (a URL's `options` set the connection's settings, e.g. parallel workers):
 *
 *   DATABASE_URL=file:/tmp/…/bench.db npx tsx bench/results-scale/aggregates.ts
 */
import { getPrisma } from "@/lib/platform/db/client";
import { flipMatrices, passRateByTool, scoreDistributions } from "@/lib/runs/server/results/charts";
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
  await timed("score distributions", () => scoreDistributions(prisma, run.id, "hindsight"));
  await timed("pass rate by tool", () => passRateByTool(prisma, run.id, "hindsight"));
  await timed("flip matrices", () => flipMatrices(prisma, run.id));
  await timed("outcomes", () => runOutcomeVerdicts(prisma, run.id));
  await timed("list grouped by tool", () => runResultGroups(prisma, run.id, "tool"));
  await prisma.$disconnect();
}

void main();
