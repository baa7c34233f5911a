import { sameOriginPath } from "@/lib/platform/security/same-origin-path";

/** Pages a person is never sent back to after signing in: they would only bounce again. */
const PUBLIC_PAGES = ["/sign-in", "/setup", "/invite"];

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
}

/**
 * Where to go after signing in: `next` when it is a path on this site, else "/". What `next`
 * normalises to is checked, not only `next` itself (lib/platform/security/same-origin-path.ts), so the
 * sign-in page cannot be used as an open redirect ("/.//evil.example" becomes "//evil.example").
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string") return "/";
  const path = sameOriginPath(next);
  if (path === null || isPublicPage(new URL(path, "http://callboard.invalid").pathname)) return "/";
  return path;
}

/** The sign-in address that comes back to `path` (a path with its query). */
export function signInHref(path: string): string {
  const next = safeNextPath(path);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}
