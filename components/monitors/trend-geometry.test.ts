import { describe, expect, it } from "vitest";
import { bandPath, bucketWidth, contiguousRuns, dodge, linePath, scaleX, scaleY, sparklinePaths, timeDomain, timeTicks, type Frame } from "./trend-geometry";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const frame: Frame = { width: 240, height: 120, pad: { top: 10, right: 20, bottom: 10, left: 20 } };

describe("the trend chart's axes", () => {
  it("covers whole buckets: hours as they are, days from midnight to midnight", () => {
    const from = Date.UTC(2026, 10, 27, 14);
    const to = from + 48 * HOUR;
    expect(timeDomain(from, to, HOUR)).toEqual({ start: from, end: to, step: HOUR });
    expect(timeDomain(from, to, DAY)).toEqual({ start: Date.UTC(2026, 10, 27), end: Date.UTC(2026, 10, 30), step: DAY });
  });

  it("puts a bucket at its middle, the first half a bucket in from the left edge", () => {
    const domain = { start: 0, end: 4 * HOUR, step: HOUR };
    const x = scaleX(domain, frame);
    expect(x(0)).toBe(45);
    expect(x(3 * HOUR)).toBe(195);
    expect(bucketWidth(domain, frame)).toBe(50);
  });

  it("draws 1 at the top and 0 at the bottom, holding values outside 0–1 at the edges", () => {
    const y = scaleY(frame);
    expect([y(1), y(0.5), y(0), y(1.2), y(-1)]).toEqual([10, 60, 110, 10, 110]);
  });
});

describe("lines and bands", () => {
  it("breaks a series where buckets without results leave a gap", () => {
    const points = [0, 1, 2, 5, 7, 8].map((t) => ({ t }));
    expect(contiguousRuns(points, 1).map((run) => run.map((p) => p.t))).toEqual([[0, 1, 2], [5], [7, 8]]);
    expect(contiguousRuns([], 1)).toEqual([]);
  });

  it("draws a line through points and a band between the bounds, back along the lower one", () => {
    expect(linePath([{ x: 1, y: 2 }, { x: 3, y: 4 }])).toBe("M1 2 L3 4");
    expect(bandPath([{ x: 0, y: 1 }, { x: 10, y: 2 }], [{ x: 0, y: 5 }, { x: 10, y: 6 }], 4)).toBe("M0 1 L10 2 L10 6 L0 5 Z");
  });

  it("shows a lone point's interval as a bar", () => {
    expect(bandPath([{ x: 10, y: 1 }], [{ x: 10, y: 5 }], 4)).toBe("M6 1 L14 1 L14 5 L6 5 Z");
    expect(bandPath([], [], 4)).toBe("");
  });
});

describe("time labels", () => {
  it("labels every 6 hours, with the date at midnight", () => {
    const start = Date.UTC(2026, 10, 28, 22);
    const ticks = timeTicks({ start, end: start + 12 * HOUR, step: HOUR }, "hour");
    expect(ticks.map((tick) => tick.label)).toEqual(["29 Nov", "06:00"]);
  });

  it("labels every 5 days, counting back from the newest", () => {
    const start = Date.UTC(2026, 10, 1);
    const ticks = timeTicks({ start, end: start + 30 * DAY, step: DAY }, "day");
    expect(ticks.at(-1)?.label).toBe("30 Nov");
    expect(ticks.map((tick) => tick.label)).toEqual(["5 Nov", "10 Nov", "15 Nov", "20 Nov", "25 Nov", "30 Nov"]);
  });
});

describe("a sparkline", () => {
  it("draws lines through neighbouring values and a dot for a value alone", () => {
    const { path, dots } = sparklinePaths([1, 0.5, null, null, 0], 40, 10);
    expect(path).toBe("M0 0 L10 5");
    expect(dots).toEqual([{ x: 40, y: 10 }]);
  });

  it("draws nothing without values", () => {
    expect(sparklinePaths([null, null], 40, 10)).toEqual({ path: "", dots: [] });
  });
});

describe("series side by side", () => {
  it("leaves one series in the middle with a wide target, and spreads several evenly within the bucket", () => {
    expect(dodge(1, 14)).toEqual({ offsets: [0], slot: 11.2 });
    expect(dodge(1, 100)).toEqual({ offsets: [0], slot: 18 });
    expect(dodge(2, 14)).toEqual({ offsets: [-2.8, 2.8], slot: 5.6 });
    expect(dodge(3, 100)).toEqual({ offsets: [-8, 0, 8], slot: 8 });
  });
});
