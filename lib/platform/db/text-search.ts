import type { Prisma as PostgresPrisma } from "@/lib/generated/prisma-pg/client";
import type { DatabaseProvider } from "./provider-schema";

/**
 * `text` as a LIKE pattern that matches only itself, with a backslash as the escape character:
 * PostgreSQL's default for LIKE, and what `ESCAPE '\'` names in Callboard's own SQL and in
 * Prisma's LIKEs on SQLite (sqlite-like-escape.ts).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Prisma's `contains` for what people type into a search box: the text as typed (`%`, `_` and `\`
 * match themselves), ignoring case on both databases. The one filter the transcripts list's search
 * and tag filter and a run's selection by filter share, so that a selection takes what the list shows.
 *
 * On SQLite `contains` is LIKE, which ignores ASCII case only. On PostgreSQL it is LIKE minding
 * case unless the filter says mode "insensitive" (ILIKE), an option only the PostgreSQL client's
 * types know: checked against them here, and carried through the app's SQLite-typed where objects.
 * ILIKE folds the letters the database's locale folds: under a UTF-8 locale É finds é; under C
 * (initdb --no-locale, the test clusters) ASCII only, as SQLite.
 */
export function containsIgnoringCase(dialect: DatabaseProvider, text: string): { contains: string } | { in: string[] } {
  // PostgreSQL stores no NUL in text and fails the whole query on one in a parameter; SQLite's LIKE
  // stops reading the pattern at one (so "path\0" found every name ending in "path"). A search
  // holding a NUL therefore matches nothing, on both.
  if (text.includes("\u0000")) return { in: [] };
  const contains = escapeLike(text);
  if (dialect === "sqlite") return { contains };
  const insensitive = { contains, mode: "insensitive" } as const satisfies PostgresPrisma.StringFilter;
  return insensitive;
}
