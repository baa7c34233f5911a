const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

const day = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const time = (date: Date) => `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
const isMidnight = (date: Date) => date.getTime() % DAY_MS === 0;

/**
 * The run page's arrival filter (`from`, `to`: ISO times, `to` excluded) in words, in UTC as every
 * time on the site: "arrived 29 Nov 2026 13:00–14:00 UTC", the hour a monitor's trend point links.
 */
export function arrivalLabel(from: string | undefined, to: string | undefined): string | null {
  const start = from ? new Date(from) : null;
  const end = to ? new Date(to) : null;
  if (start && end) {
    if (isMidnight(start) && end.getTime() - start.getTime() === DAY_MS) return `arrived ${day(start)} (UTC)`;
    const sameDay = day(start) === day(new Date(end.getTime() - 1));
    return sameDay ? `arrived ${day(start)} ${time(start)}–${time(end)} UTC` : `arrived ${day(start)} ${time(start)} – ${day(end)} ${time(end)} UTC`;
  }
  if (start) return `arrived since ${day(start)} ${time(start)} UTC`;
  if (end) return `arrived before ${day(end)} ${time(end)} UTC`;
  return null;
}
