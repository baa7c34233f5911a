import type { Prisma as PostgresPrisma } from "@/lib/generated/prisma-pg/client";
import type { DatabaseProvider } from "./provider-schema";

/**
 * Prisma's `contains` for what people type into a search box, ignoring case on both databases.
 * On SQLite `contains` is LIKE, which already ignores ASCII case (so SQLite's filter is left as it
 * was); on PostgreSQL it is LIKE minding case unless the filter says mode "insensitive" (ILIKE),
 * an option only the PostgreSQL client's types know: checked against them here, and carried
 * through the app's SQLite-typed where objects. ILIKE also folds non-ASCII letters (É finds é),
 * which SQLite's LIKE does not.
 */
export function containsIgnoringCase(dialect: DatabaseProvider, text: string): { contains: string } {
  if (dialect === "sqlite") return { contains: text };
  const insensitive = { contains: text, mode: "insensitive" } as const satisfies PostgresPrisma.StringFilter;
  return insensitive;
}
