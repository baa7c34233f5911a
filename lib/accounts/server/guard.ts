import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { can, type Action } from "@/lib/accounts/roles";
import { getPrisma } from "@/lib/platform/db/client";
import { bearerToken } from "./api-token";
import { getAuth } from "./auth";
import { hasAnyUser, userForSession, type CurrentUser } from "./current-user";
import { authorizeToken, refusal, refusalHeaders, type Authorized, type Refused } from "./token-auth";

/** The signed-in user of this request (session cookie), read once per render. */
export const currentUser = cache(async (): Promise<CurrentUser | null> => userForSession(getAuth(), await headers()));

/**
 * For pages: the user, when they may `action`. Nobody signed in goes to sign-in (or to the
 * first-run screen on a new installation); a signed-in user without the role gets the 403 page.
 */
export async function requirePageUser(action: Action = "read"): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect((await hasAnyUser(getPrisma())) ? "/sign-in" : "/setup");
  if (!can(user.role, action)) forbidden();
  return user;
}

export { refusal, type Authorized, type Refused } from "./token-auth";

/** For server actions: refuse with a message the form can show, rather than throwing. */
export async function authorizeAction(action: Action): Promise<Authorized | Refused> {
  const user = await currentUser();
  return refusal(user, action) ?? { ok: true, user: user as CurrentUser };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookies ride along on cross-site requests, so a write authorised by a session must come from
 * our own pages. Tokens are not sent by browsers on their own and need no such check.
 */
function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.get("host");
  } catch {
    return false;
  }
}

/**
 * For route handlers: a bearer token or a session, then the role. `credentials.token` is a token
 * the route read from elsewhere (the evaluation API's `API-Key` header), used when there is no bearer.
 */
export async function authorizeRequest(request: Request, action: Action, credentials: { token?: string | null } = {}): Promise<Authorized | { ok: false; response: Response }> {
  const token = bearerToken(request.headers.get("authorization")) ?? credentials.token ?? null;
  if (token) {
    const allowed = await authorizeToken(getPrisma(), token, action);
    return allowed.ok ? allowed : { ok: false, response: problem(allowed.status, allowed.message) };
  }
  const user = await currentUser();
  if (user && !SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
    return { ok: false, response: problem(403, "Cross-site requests cannot use your session. Use an API token.") };
  }
  const refused = refusal(user, action);
  if (refused) {
    const message = refused.status === 401 ? "Sign in, or send an API token as `Authorization: Bearer <token>`." : refused.message;
    return { ok: false, response: problem(refused.status, message) };
  }
  return { ok: true, user: user as CurrentUser };
}

function problem(status: 401 | 403, message: string): Response {
  return Response.json({ error: message }, { status, headers: refusalHeaders(status) });
}
