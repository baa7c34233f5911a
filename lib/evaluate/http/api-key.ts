import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a request may use the evaluation API. With CALLBOARD_API_KEY unset the API is open,
 * as the rest of a self-hosted Callboard is. Both sides are hashed first so the comparison is
 * constant-time whatever their lengths, and neither key is ever logged or echoed.
 */
export function apiKeyAccepted(expected: string | undefined, given: string | null): boolean {
  const wanted = expected?.trim();
  if (!wanted) return true;
  if (!given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(wanted), digest(given.trim()));
}
