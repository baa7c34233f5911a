import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DAY_MS, floorHour, HOUR_MS } from "../hours";
import type { Dimension } from "../rollup";
import { buildTrends, changeMarks, measureOf, type ChangeMark, type CriterionTrend, type Granularity, type StoredBucket } from "../trends";

export interface MonitorTrends {
  granularity: Granularity;
  split: Dimension;
  from: number;
  to: number;
  criteria: CriterionTrend[];
  changes: ChangeMark[];
  /** The values each split can take in the period, for the split picker. */
  splits: Record<Exclude<Dimension, "">, string[]>;
}

/** Periods a trend shows: 2 days by the hour, 30 days by the day. */
export const TREND_SPAN_MS: Record<Granularity, number> = { hour: 2 * DAY_MS, day: 30 * DAY_MS };

/**
 * A monitor's trends from its hourly sums (rollup-hours.ts): a few hundred small rows whatever the
 * size of its run.
 */
export async function monitorTrends(prisma: PrismaClient, monitorId: string, options: { granularity: Granularity; split: Dimension }, now: number = Date.now()): Promise<MonitorTrends | null> {
  const monitor = await prisma.monitor.findUnique({
    where: { id: monitorId },
    select: { run: { select: { criteria: { orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, scale: true } } } } } } },
  });
  if (!monitor) return null;
  const to = floorHour(now) + HOUR_MS;
  const from = to - TREND_SPAN_MS[options.granularity];
  const rows = await prisma.monitorBucket.findMany({
    where: { monitorId, hour: { gte: new Date(from), lt: new Date(to) }, dimension: { in: ["", options.split, "model", "prompt"] } },
    select: { hour: true, criterionId: true, dimension: true, value: true, judged: true, passes: true, scoreSum: true, scoreSquares: true, notApplicable: true, errors: true },
  });
  const buckets: StoredBucket[] = rows.map((row) => ({ ...row, hour: row.hour.getTime() }));
  const splitValues = await prisma.monitorBucket.findMany({
    where: { monitorId, hour: { gte: new Date(from), lt: new Date(to) }, dimension: { in: ["model", "service", "tag", "prompt"] } },
    distinct: ["dimension", "value"],
    select: { dimension: true, value: true },
  });
  const splits = { model: [] as string[], service: [] as string[], tag: [] as string[], prompt: [] as string[] };
  for (const entry of splitValues) if (entry.dimension in splits) splits[entry.dimension as keyof typeof splits].push(entry.value);
  for (const list of Object.values(splits)) list.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return {
    granularity: options.granularity,
    split: options.split,
    from,
    to,
    criteria: buildTrends(buckets, monitor.run.criteria.map((entry) => entry.criterion), options),
    changes: changeMarks(buckets, options.granularity),
    splits,
  };
}

/** Each monitor's last 24 hours of its first criterion, by the hour, for the overview's sparklines. */
export async function monitorSparklines(prisma: PrismaClient, monitors: readonly { id: string; criteria: readonly { id: string; scale: string }[] }[], now: number = Date.now()): Promise<Map<string, (number | null)[]>> {
  const to = floorHour(now) + HOUR_MS;
  const from = to - DAY_MS;
  const firsts = monitors.flatMap((monitor) => (monitor.criteria[0] ? [{ monitorId: monitor.id, criterion: monitor.criteria[0] }] : []));
  const rows = firsts.length
    ? await prisma.monitorBucket.findMany({
        where: { OR: firsts.map((entry) => ({ monitorId: entry.monitorId, criterionId: entry.criterion.id })), dimension: "", hour: { gte: new Date(from), lt: new Date(to) } },
        select: { monitorId: true, hour: true, judged: true, passes: true, scoreSum: true, scoreSquares: true, notApplicable: true, errors: true },
      })
    : [];
  const lines = new Map<string, (number | null)[]>();
  for (const entry of firsts) {
    const measure = entry.criterion.scale === "binary" ? "pass rate" : "mean score";
    const line: (number | null)[] = Array.from({ length: 24 }, () => null);
    for (const row of rows) {
      if (row.monitorId !== entry.monitorId) continue;
      line[Math.floor((row.hour.getTime() - from) / HOUR_MS)] = measureOf(row, measure).value;
    }
    lines.set(entry.monitorId, line);
  }
  return lines;
}
