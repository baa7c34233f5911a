/*
 * The trend chart's arithmetic, apart from its markup so it can be tested: where a bucket sits on
 * the time axis, where a value sits on the 0–1 axis, and the paths of lines and interval bands,
 * broken wherever buckets without results leave a gap (a line across them would invent values).
 */

export interface Frame {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
}

/** The time axis: whole buckets of `step` ms from `start` (inclusive) to `end` (exclusive). */
export interface TimeDomain {
  start: number;
  end: number;
  step: number;
}

export interface XY {
  x: number;
  y: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The buckets covering [from, to): a day's bucket starts at midnight, before a period that starts mid-day. */
export function timeDomain(from: number, to: number, step: number): TimeDomain {
  const start = Math.floor(from / step) * step;
  const end = Math.floor((to - 1) / step) * step + step;
  return { start, end, step };
}

/** A bucket's start to the x of its middle. */
export function scaleX(domain: TimeDomain, frame: Frame): (t: number) => number {
  const plot = frame.width - frame.pad.left - frame.pad.right;
  return (t) => round(frame.pad.left + ((t + domain.step / 2 - domain.start) / (domain.end - domain.start)) * plot);
}

/** A value from 0 (bottom) to 1 (top) to its y; values outside are held at the edge. */
export function scaleY(frame: Frame): (value: number) => number {
  const plot = frame.height - frame.pad.top - frame.pad.bottom;
  return (value) => round(frame.pad.top + (1 - Math.min(1, Math.max(0, value))) * plot);
}

/** The width of one bucket on the x axis. */
export function bucketWidth(domain: TimeDomain, frame: Frame): number {
  return ((frame.width - frame.pad.left - frame.pad.right) * domain.step) / (domain.end - domain.start);
}

/** Points (sorted by time) cut into runs of consecutive buckets. */
export function contiguousRuns<T extends { t: number }>(points: readonly T[], step: number): T[][] {
  const runs: T[][] = [];
  for (const point of points) {
    const last = runs.at(-1);
    if (last && point.t - (last.at(-1) as T).t === step) last.push(point);
    else runs.push([point]);
  }
  return runs;
}

/** An open path through the points. */
export function linePath(points: readonly XY[]): string {
  return points.map((point, i) => `${i === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" ");
}

/**
 * The closed shape between the upper and lower bounds of one run of buckets; a run of one bucket
 * is a bar `halfWidth` either side of its x, so a lone point still shows its interval.
 */
export function bandPath(upper: readonly XY[], lower: readonly XY[], halfWidth: number): string {
  if (!upper.length || upper.length !== lower.length) return "";
  if (upper.length === 1) {
    const [top, bottom] = [upper[0], lower[0]];
    const [left, right] = [round(top.x - halfWidth), round(top.x + halfWidth)];
    return `M${left} ${top.y} L${right} ${top.y} L${right} ${bottom.y} L${left} ${bottom.y} Z`;
  }
  return `${linePath(upper)} ${[...lower].reverse().map((point) => `L${point.x} ${point.y}`).join(" ")} Z`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (t: number) => {
  const date = new Date(t);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};

/**
 * Labels along the time axis, in UTC: every 6 hours by the hour (the date at midnight), every 5
 * days by the day, counted back from the last bucket so the newest is always labelled.
 */
export function timeTicks(domain: TimeDomain, granularity: "hour" | "day"): { t: number; label: string }[] {
  const ticks: { t: number; label: string }[] = [];
  for (let t = domain.start; t < domain.end; t += domain.step) {
    if (granularity === "hour") {
      const hour = new Date(t).getUTCHours();
      if (hour % 6 === 0) ticks.push({ t, label: hour === 0 ? dayLabel(t) : `${String(hour).padStart(2, "0")}:00` });
    } else if (Math.round((domain.end - domain.step - t) / domain.step) % 5 === 0) ticks.push({ t, label: dayLabel(t) });
  }
  return ticks;
}

/** A sparkline's runs of consecutive known values, as paths over a width × height box (0 at the bottom, 1 at the top). */
export function sparklinePaths(values: readonly (number | null)[], width: number, height: number): { path: string; dots: XY[] } {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.flatMap((value, i) => (value === null ? [] : [{ t: i, x: round(i * step), y: round((1 - Math.min(1, Math.max(0, value))) * height) }]));
  const runs = contiguousRuns(points, 1);
  return {
    path: runs.filter((run) => run.length > 1).map((run) => linePath(run)).join(" "),
    // A value with no neighbour has no line to show it: a dot does.
    dots: runs.filter((run) => run.length === 1).map(([point]) => ({ x: point.x, y: point.y })),
  };
}

/**
 * Side-by-side places for the series of a split within one bucket, so that points of equal value
 * do not hide one another (each stays clickable): x offsets from the bucket's middle, and the
 * width each point may take as its click target.
 */
export function dodge(count: number, bucket: number): { offsets: number[]; slot: number } {
  const usable = bucket * 0.8;
  if (count <= 1) return { offsets: [0], slot: round(Math.min(18, usable)) };
  const spacing = Math.min(8, usable / count);
  return { offsets: Array.from({ length: count }, (_, i) => round((i - (count - 1) / 2) * spacing)), slot: round(spacing) };
}
