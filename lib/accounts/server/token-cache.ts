import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashToken } from "./api-token";
import { userForToken, type CurrentUser } from "./current-user";

/**
 * How long a token's owner (id, role) is believed without asking the database again.
 *
 * Why a cache: the evaluation API is a live check an agent calls before each tool call, a
 * thousand times a second; reading the token and its owner was one query (and its statement
 * preparation) per request, the largest single cost on the request's path after Next itself.
 *
 * Why 5 s is safe: a revocation, a removed member or a changed role made by this process evicts
 * the token at once (forgetTokenOwner, called by revokeApiToken, deactivateMember and
 * setMemberRole); only a change made by another process (a second app server on the same
 * PostgreSQL database, `npm start` storing CALLBOARD_ADMIN_TOKEN) waits for the entry to expire.
 * So a revoked token works for at most 5 s more, and a demoted member keeps their role as long.
 * Unknown tokens are never cached: a token made a moment ago works at once.
 */
export const TOKEN_CACHE_TTL_MS = 5_000;
/** Enough for every token in use; a flood of distinct valid tokens only empties it more often. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: CurrentUser;
  expiresAt: number;
}

// On globalThis: Next bundles this module once per route and once more for the live-check server
// (instrumentation.ts); an eviction by one must reach the copy that answers the next request.
const KEY = Symbol.for("callboard.tokenOwners");
function entries(): Map<string, Entry> {
  const holder = globalThis as { [KEY]?: Map<string, Entry> };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** userForToken, answered from memory for TOKEN_CACHE_TTL_MS after the database said who owns the token. */
export async function cachedUserForToken(prisma: PrismaClient, token: string, now = Date.now()): Promise<CurrentUser | null> {
  const cache = entries();
  const hash = hashToken(token);
  const known = cache.get(hash);
  if (known && known.expiresAt > now) return known.user;
  const user = await userForToken(prisma, token, new Date(now));
  if (!user) {
    cache.delete(hash);
    return null;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(hash, { user, expiresAt: now + TOKEN_CACHE_TTL_MS });
  return user;
}

/** Forgets the cached owner of these tokens (by hash) or of every token of a user: their next request asks the database. */
export function forgetTokenOwner(which: { tokenHash: string } | { userId: string }): void {
  const cache = entries();
  if ("tokenHash" in which) {
    cache.delete(which.tokenHash);
    return;
  }
  for (const [hash, entry] of cache) if (entry.user.id === which.userId) cache.delete(hash);
}
