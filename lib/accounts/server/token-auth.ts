import type { PrismaClient } from "@/lib/generated/prisma/client";
import { can, type Action } from "@/lib/accounts/roles";
import type { CurrentUser } from "./current-user";
import { cachedUserForToken } from "./token-cache";

export type Authorized = { ok: true; user: CurrentUser };
export type Refused = { ok: false; status: 401 | 403; message: string };

export const UNKNOWN_TOKEN = "That API token is unknown or revoked. Create one under Settings → API tokens.";

export function refusal(user: CurrentUser | null, action: Action): Refused | null {
  if (!user) return { ok: false, status: 401, message: "Please sign in again: your session has ended." };
  if (!can(user.role, action)) {
    return { ok: false, status: 403, message: `Your role (${user.role}) does not allow this. Ask an admin if you need it.` };
  }
  return null;
}

/**
 * An API token's owner, when they may `action`. Free of Next.js (no request scope, no cookies), so
 * the evaluation API's live-check server (lib/judging/server/live-check) asks the same question
 * as route handlers do, with the same answers.
 */
export async function authorizeToken(prisma: PrismaClient, token: string, action: Action): Promise<Authorized | Refused> {
  const user = await cachedUserForToken(prisma, token);
  if (!user) return { ok: false, status: 401, message: UNKNOWN_TOKEN };
  return refusal(user, action) ?? { ok: true, user };
}

/** The headers of a refusal: never cached; a 401 names the scheme that would be accepted. */
export function refusalHeaders(status: 401 | 403): Record<string, string> {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (status === 401) headers["www-authenticate"] = 'Bearer realm="callboard"';
  return headers;
}
