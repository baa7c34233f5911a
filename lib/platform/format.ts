/** Fixed locale and time zone so the server and the browser render the same text. */
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatDateTime(date: Date): string {
  return `${dateTime.format(date)} UTC`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * A share as people read it: a whole percent, with one decimal where rounding would say 100% or 0%
 * of what is not all or nothing ("99.6%" for 5 failures in 1,164, never "100%"). Null and
 * non-finite values read as `empty`.
 */
export function formatPercent(rate: number | null | undefined, empty = "–"): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return empty;
  const whole = Math.round(rate * 100);
  if (whole === 100 && rate < 1) return `${Math.min(99.9, Math.round(rate * 1000) / 10).toFixed(1)}%`;
  if (whole === 0 && rate > 0) return `${Math.max(0.1, Math.round(rate * 1000) / 10).toFixed(1)}%`;
  return `${whole}%`;
}
