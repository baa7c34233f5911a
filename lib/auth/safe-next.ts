/** Pages a person is never sent back to after signing in: they would only bounce again. */
const PUBLIC_PAGES = ["/sign-in", "/setup", "/invite"];

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/**
 * Where to go after signing in: `next` when it is a path on this site, else "/". Anything that a
 * browser could read as another origin ("//evil.example", "/\evil.example", "https://…") or that
 * carries control characters is refused, so the sign-in page cannot be used as an open redirect.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2000) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  const base = "http://callboard.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  if (isPublicPage(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in address that comes back to `path` (a path with its query). */
export function signInHref(path: string): string {
  const next = safeNextPath(path);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}
