import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { signInRedirect } from "@/lib/auth/proxy-redirect";

/**
 * Sends people without a session cookie to sign-in, remembering where they were going. A
 * convenience only: every page, action and route checks the session and role itself.
 */
export function proxy(request: NextRequest) {
  const target = signInRedirect({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    hasSessionCookie: getSessionCookie(request) !== null,
  });
  return target ? NextResponse.redirect(new URL(target, request.url)) : NextResponse.next();
}

export const config = {
  // Not the API (tokens, its own 401s), Next's assets, or files such as /favicon.ico.
  matcher: ["/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
