/**
 * Where a large run's pages spend their time: each service the run page and the tool-call page
 * call, in the page's order, timed one by one in a fresh process (cold: no remembered values), then
 * again (warm). Against a database bench:results kept (--keep):
 *
 *   DATABASE_URL=file:/tmp/callboard-bench-results-XXXX/bench.db npx tsx bench/results-scale/page-queries.ts
 */
import { getPrisma } from "@/lib/platform/db/client";
import { getRun } from "@/lib/runs/server/get-run";
import { runCallPage } from "@/lib/runs/server/results/run-call-page";
import { cachedRunMetadataValues, cachedRunProgress, cachedRunToolNames, runModes } from "@/lib/runs/server/results/run-page-cache";
import { runResultsSummary } from "@/lib/runs/server/run-results";
import { runHumanAgreement } from "@/lib/review/server/human-agreement";
import { getCallDetail } from "@/lib/runs/server/results/call-detail";
import { callPlace } from "@/lib/runs/server/results/view-sequence";
import { cachedViewCount } from "@/lib/runs/server/results/view-count";
import { readRunState } from "@/lib/runs/server/results/state-cache";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { runCallIds } from "@/lib/runs/server/results/run-call-query";

/**
 * Wall time, and this process's CPU time: SQLite runs in the process, so on a machine loaded by
 * others (load 15 on 2 cores) its CPU time is the query's cost where the wall time is mostly waiting.
 */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  console.log(`${label.padEnd(40)} ${(performance.now() - started).toFixed(0).padStart(6)} ms  cpu ${((used.user + used.system) / 1000).toFixed(0).padStart(5)} ms`);
  return value;
}

async function main(): Promise<void> {
  const prisma = getPrisma();
  const runRow = await prisma.run.findFirstOrThrow({ select: { id: true } });
  const criteria = await prisma.runCriterion.findMany({ where: { runId: runRow.id }, orderBy: { position: "asc" }, select: { criterionId: true } });
  const only = process.argv[2];
  for (const pass of ["cold", "warm"]) {
    console.log(`-- ${pass}`);
    const run = await timed("getRun", async () => (await getRun(prisma, runRow.id))!);
    if (!only || only === "run") {
      const view = runViewSchema.parse({});
      await timed("progress", () => cachedRunProgress(prisma, run));
      await timed("ids page 1", () => runCallIds(prisma, run.id, view, 0, view.size));
      await timed("runCallPage", () => runCallPage(prisma, run, view));
      await timed("modes", () => runModes(prisma, run));
      await timed("tools", () => cachedRunToolNames(prisma, run));
      await timed("metadata", () => cachedRunMetadataValues(prisma, run));
      await timed("summary", () => runResultsSummary(prisma, run));
      await timed("agreement", () => runHumanAgreement(prisma, run.id));
    }
    if (!only || only === "sort") {
      const sort = runViewSchema.parse({ sort: "score", criterion: criteria[0].criterionId, dir: "desc" });
      await timed("sort ids", () => runCallIds(prisma, run.id, sort, 0, sort.size));
      await timed("sort count", () => cachedViewCount(prisma, run, sort));
    }
    for (const [name, params] of [["changed", { changed: "1" }], ["fail", { verdict: "fail", criterion: criteria[3].criterionId }]] as const) {
      if (only && only !== name) continue;
      const view = runViewSchema.parse(params);
      await timed(`${name} ids page 1`, () => runCallIds(prisma, run.id, view, 0, view.size));
      await timed(`${name} ids page 2`, () => runCallIds(prisma, run.id, view, view.size, view.size));
      await timed(`${name} count`, () => cachedViewCount(prisma, run, view));
      await timed(`${name} runCallPage`, () => runCallPage(prisma, run, view));
    }
    if (!only || only === "call") {
      const view = runViewSchema.parse({});
      const state = (await readRunState(prisma, run.id))!;
      const total = await prisma.evaluation.count({ where: { runId: run.id } });
      const middle = (await runCallIds(prisma, run.id, view, Math.floor(total / 18), 1))[0];
      await timed("call detail", () => getCallDetail(prisma, run.id, middle));
      await timed("call place", () => callPlace(prisma, state, view, middle, () => cachedViewCount(prisma, state, view)));
    }
  }
  await prisma.$disconnect();
}

void main();
