/**
 * `npx tsx scripts/bench/monitor-trends.ts <bench:results database kept with --keep>`: what a
 * monitor costs at that size. A postgresql:// URL instead of the file measures its copy
 * (scripts/bench/copy-to-postgres-fast.ts). The seeded run is taken as a monitor's whose results all arrived in
 * one hour (the worst case for the worker's hourly sum: every result read in one go), then:
 * - the worker's sum of that hour (rollup-hours.ts), time and CPU;
 * - the monitor page's trends read (trends.ts), first and warm, by hour and split by model.
 * The monitor and its sums are removed afterwards; the database is otherwise left as it was.
 */
import { performance } from "node:perf_hooks";
import { createPrisma } from "@/lib/platform/db/client";
import { floorHour } from "@/lib/monitors/hours";
import { sumRange } from "@/lib/monitors/server/rollup-hours";
import { monitorTrends } from "@/lib/monitors/server/trends";

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  console.log(`${label.padEnd(40)} ${(performance.now() - started).toFixed(0).padStart(7)} ms  (${((used.user + used.system) / 1000).toFixed(0)} ms CPU)`);
  return value;
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npx tsx scripts/bench/monitor-trends.ts <database file | postgresql:// URL of its copy>");
  const prisma = createPrisma(file.startsWith("postgres") ? file : `file:${file}`);
  const run = await prisma.run.findFirstOrThrow({ orderBy: { total: "desc" }, select: { id: true, total: true } });
  const existing = await prisma.monitor.findUnique({ where: { runId: run.id } });
  if (existing) await prisma.monitor.delete({ where: { id: existing.id } });
  const monitor = await prisma.monitor.create({ data: { name: "bench monitor", runId: run.id, filter: { source: "all" } } });
  try {
    console.log(`Run ${run.id}: ${run.total.toLocaleString("en")} results, summed as one hour`);
    const hour = new Date(floorHour(Date.now()));
    const { buckets, unsettled } = await timed("worker: sum the hour", () => sumRange(prisma, run.id, "0", "g"));
    await timed(`worker: write its ${buckets.length} buckets`, () => prisma.monitorBucket.createMany({ data: buckets.map((bucket) => ({ monitorId: monitor.id, hour, ...bucket })) }));
    console.log(`  (${unsettled} results not settled)`);
    for (const [label, options] of [
      ["trends by hour, first", { granularity: "hour", split: "" }],
      ["trends by hour, again", { granularity: "hour", split: "" }],
      ["trends by day, split by model", { granularity: "day", split: "model" }],
    ] as const) {
      const trends = await timed(`page: ${label}`, () => monitorTrends(prisma, monitor.id, options));
      if (!trends?.criteria.some((criterion) => criterion.series.length)) throw new Error("the trends came back empty");
    }
  } finally {
    await prisma.monitor.delete({ where: { id: monitor.id } });
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
