import { isPublicPage, signInHref } from "./safe-next";

/**
 * Where the proxy sends a page request, or null to let it through. Only a missing session cookie
 * is checked here (cheap, no database): the page itself checks the session and the role. Writes
 * (server actions) pass, so their refusal reaches the form instead of a redirect.
 */
export function signInRedirect(request: { method: string; pathname: string; search: string; hasSessionCookie: boolean }): string | null {
  if (request.hasSessionCookie || isPublicPage(request.pathname)) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const params = new URLSearchParams(request.search);
  // Next's client adds _rsc to its own navigation requests; the person never typed it.
  params.delete("_rsc");
  const query = params.toString();
  return signInHref(`${request.pathname}${query ? `?${query}` : ""}`);
}
