import { z } from "zod";

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Longest period a window may cover: longer ones would read a month of results at every check. */
export const MAX_WINDOW_MS = 30 * UNIT_MS.d;
export const MAX_WINDOW_CALLS = 100_000;

/** An alert's window: the last N judged results, or the results of a period ending now. */
export type AlertWindow = { calls: number } | { ms: number };

const PERIOD = /^(\d{1,5})\s*([mhd])$/;

/** "90m", "1h", "7d" as milliseconds; null when it is not such a period. */
export function parsePeriod(text: string): number | null {
  const match = PERIOD.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : null;
}

/** How a window reads back: `10` (judged results) or "1h". */
export function formatWindow(window: AlertWindow): number | string {
  if ("calls" in window) return window.calls;
  for (const unit of ["d", "h", "m"] as const) if (window.ms % UNIT_MS[unit] === 0) return `${window.ms / UNIT_MS[unit]}${unit}`;
  return `${Math.round(window.ms / UNIT_MS.m)}m`;
}

/** Words for people: "the last 10 judged results", "the last 1h". */
export function describeWindow(window: AlertWindow): string {
  return "calls" in window ? `the last ${window.calls} judged result${window.calls === 1 ? "" : "s"}` : `the last ${formatWindow(window)}`;
}

export const alertWindowSchema = z.union([z.number(), z.string()]).transform((value, context): AlertWindow => {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 1 || value > MAX_WINDOW_CALLS) {
      context.addIssue({ code: "custom", message: `expected a whole number of judged results from 1 to ${MAX_WINDOW_CALLS.toLocaleString("en")}, or a period such as "1h"` });
      return z.NEVER;
    }
    return { calls: value };
  }
  const ms = parsePeriod(value);
  if (ms === null || ms > MAX_WINDOW_MS) {
    context.addIssue({ code: "custom", message: `expected a period such as "30m", "1h" or "7d" (at most 30d), or a number of judged results; got ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return { ms };
});
