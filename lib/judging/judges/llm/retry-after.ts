/**
 * Reads how long a server asked us to wait. OpenAI sends `retry-after-ms` next to the standard
 * `retry-after`, which may be seconds (possibly fractional) or an HTTP date.
 */
export function parseRetryAfter(headers: Headers | null | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get("retry-after-ms");
  if (milliseconds !== null && milliseconds.trim() !== "") {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const header = headers.get("retry-after");
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
