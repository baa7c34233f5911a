/**
 * A monitor's run among older transcripts: adds to a database bench:results kept (--keep) a second
 * run that holds only the results of the newest N transcripts (copied from the bench's run), then
 * times the first page of each run's list in both orders, cold then warm. The run page's default
 * order starts from the oldest transcript, so the second run's first page walks the older ones.
 * It changes the database: give it a copy (a kept SQLite file copied, or CREATE DATABASE … TEMPLATE).
 *
 *   DATABASE_URL=file:/tmp/…/copy.db npx tsx bench/results-scale/recent-run.ts [--newest 1000]
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/platform/db/client";
import { dialectOf } from "@/lib/platform/db/dialect";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { recomputeCallBounds } from "@/lib/runs/server/call-bounds";
import { runCallIds } from "@/lib/runs/server/results/run-call-query";

const NAME = "bench: the newest transcripts only";

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.log(`${label.padEnd(44)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
  return value;
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--newest");
  const newest = at > 0 ? Number(process.argv[at + 1]) : 1000;
  if (!Number.isInteger(newest) || newest < 1) throw new Error("--newest takes a whole number of transcripts");
  const prisma = getPrisma();
  const bench = await prisma.run.findFirstOrThrow({ where: { name: { not: NAME } }, orderBy: { createdAt: "asc" }, include: { criteria: true } });
  let recent = await prisma.run.findFirst({ where: { name: NAME }, select: { id: true } });
  if (!recent) {
    const criteria = { create: bench.criteria.map(({ criterionId, position }) => ({ criterionId, position })) };
    const settings = { judgeId: bench.judgeId, judgeSettings: bench.judgeSettings ?? Prisma.JsonNull, mode: bench.mode, selection: bench.selection ?? Prisma.JsonNull };
    recent = await prisma.run.create({ data: { ...settings, name: NAME, status: "done", finishedAt: new Date(), criteria }, select: { id: true } });
    const copied = await prisma.$executeRaw(Prisma.sql`
      INSERT INTO "Evaluation" ("id", "runId", "toolCallId", "criterionId", "mode", "status", "score", "passed", "explanation", "judgeId", "latencyMs", "cached", "attempts", "finishedAt")
      SELECT 'r-' || e."id", ${recent.id}, e."toolCallId", e."criterionId", e."mode", e."status", e."score", e."passed", e."explanation", e."judgeId", e."latencyMs", e."cached", e."attempts", e."finishedAt"
      FROM "Evaluation" e JOIN "ToolCall" tc ON tc."id" = e."toolCallId"
      WHERE e."runId" = ${bench.id} AND tc."transcriptId" IN (SELECT "id" FROM "Transcript" ORDER BY "createdAt" DESC, "id" DESC LIMIT ${newest})`);
    await prisma.run.update({ where: { id: recent.id }, data: { total: copied, doneCount: copied, errorCount: 0, notApplicableCount: 0 } });
    // Copied past the writers, which keep a run's call bounds: computed here from its results.
    await recomputeCallBounds(prisma, recent.id);
    // PostgreSQL plans by its statistics, which autovacuum would have brought up to date by now.
    if (dialectOf(prisma) === "postgresql") await prisma.$executeRawUnsafe(`ANALYZE "Evaluation"`);
    console.log(`added "${NAME}": ${copied.toLocaleString("en-US")} results of the newest ${newest.toLocaleString("en-US")} transcripts`);
  }
  for (const [label, runId] of [["newest transcripts' run", recent.id], ["the bench's run", bench.id]] as const) {
    for (const dir of ["asc", "desc"] as const) {
      const view = runViewSchema.parse({ dir });
      for (const pass of ["cold", "warm"]) await timed(`${label}, first page ${dir === "asc" ? "oldest" : "newest"} first, ${pass}`, () => runCallIds(prisma, runId, view, 0, view.size));
    }
  }
  await prisma.$disconnect();
}

void main();
