import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The SQLSTATE of a PostgreSQL error raised through a Prisma raw query (e.g. "23505" for a
 * unique violation), or "" for anything else. Prisma reports raw query failures as P2010 with the
 * database's own code in `meta.code`.
 */
export function postgresErrorCode(error: unknown): string {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return "";
  const code: unknown = error.meta?.code;
  return typeof code === "string" ? code : "";
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
