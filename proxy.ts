import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { signInRedirect } from "@/lib/accounts/proxy-redirect";
import { CROSS_SITE_REFUSAL, isCrossSiteAction } from "@/lib/platform/security/cross-site-action";
import { isOversizedAction, OVERSIZED_ACTION_REFUSAL } from "@/lib/platform/security/oversized-action";

/**
 * Refuses server actions posted from another site with a 403 (Next's own guard would answer
 * 500) and action bodies over Next's limit with a 413 (Next would answer 500), then sends
 * people without a session cookie to sign-in, remembering where they were going. The redirect
 * is a convenience only: every page, action and route checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  if (isCrossSiteAction(request)) return new NextResponse(CROSS_SITE_REFUSAL, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
  // Exactly "text/plain": only then does Next's client hand the text to the form that called the action.
  if (isOversizedAction(request)) return new NextResponse(OVERSIZED_ACTION_REFUSAL, { status: 413, headers: { "content-type": "text/plain" } });
  const target = signInRedirect({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    hasSessionCookie: getSessionCookie(request) !== null,
  });
  return target ? NextResponse.redirect(new URL(target, request.url)) : NextResponse.next();
}

export const config = {
  // Not the API (tokens, its own 401s), the OTLP endpoints under /v1/, Next's assets, or files such as
  // /favicon.ico. Next copies the body of every request the proxy runs on and cuts it at
  // proxyClientMaxBodySize (10 MB) without an error, after reading all of it: an OTLP export (up to
  // CALLBOARD_OTLP_MAX_REQUEST_MB) would lose its last spans, and its 401 or 413 would come only once the
  // whole body had been read.
  matcher: ["/((?!api/|v1/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
