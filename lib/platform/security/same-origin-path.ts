/*
 * Addresses built from what people send (a sign-in's `next`, an uploaded transcript's metadata)
 * may only lead to a page of this site. Browsers are lenient: they read a backslash as a slash,
 * drop tabs and newlines, and resolve dot segments, so "/.//evil.example" is "//evil.example",
 * another origin. The checks therefore apply to the path that is returned, after normalising.
 */

const BASE = "http://callboard.invalid";
const MAX_LENGTH = 2000;
// A backslash reads as a slash, tabs and newlines are dropped, and no page path holds the rest.
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;

/**
 * `value` as a path of this site (pathname, query and hash, normalised as a browser would), or
 * null when a browser could read it, or what it normalises to, as another origin.
 */
export function sameOriginPath(value: string): string | null {
  if (value.length === 0 || value.length > MAX_LENGTH || !value.startsWith("/") || UNSAFE_CHARACTER.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlainPathname(url.pathname) || new URL(path, BASE).origin !== BASE) return null;
  return path;
}

/**
 * A normalised pathname that stays on this site however many times something on the way (a
 * proxy, a framework, a second redirect) decodes its escapes: "/%2f%2fevil.example" and
 * "/%5cevil.example" are harmless as they are, but one decoding turns them into another origin.
 */
function isPlainPathname(pathname: string): boolean {
  let current = pathname;
  for (;;) {
    if (current.startsWith("//") || UNSAFE_CHARACTER.test(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape: a page path never holds one, and decoders disagree on what it means.
      return false;
    }
    // Each decoding that changes the text shortens it, so this ends.
    if (decoded === current) return true;
    current = decoded;
  }
}
