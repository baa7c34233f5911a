// Fixed locale and zone, as in lib/platform/format.ts, so the server's HTML and the browser's render agree.
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "10:42:05 UTC": a lock lasts minutes, so the day goes without saying and seconds matter. */
export function formatClock(iso: string): string {
  return `${clock.format(new Date(iso))} UTC`;
}

/** "12 Mar 2026, 10:42 UTC", for comments and history. */
export function formatWhen(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}
