/**
 * A `datetime-local` field's value ("2026-11-29T13:00") read as UTC, as every time on the site is
 * shown: the ISO time the backfill request takes. Blank stays blank; anything else is passed on
 * for the server to name.
 */
export function utcInputToIso(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(text)) return `${text}Z`;
  return text;
}

/** The other way, for a field's default value: an ISO time as "2026-11-29T13:00" in UTC. */
export function isoToUtcInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}
