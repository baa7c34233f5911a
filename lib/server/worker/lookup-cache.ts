import type { PrismaClient } from "@/lib/generated/prisma/client";
import { asJson, parseJsonColumn } from "./sql";

/** Stored judge results for `keys`, in one statement: the batch's cache lookup. */
export async function lookupCache(prisma: PrismaClient, keys: readonly string[]): Promise<Map<string, unknown>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows = await prisma.$queryRawUnsafe<{ key: string; result: unknown }[]>(
    `SELECT "key", "result" FROM "JudgeCache" WHERE "key" IN (SELECT "value" FROM json_each(?))`,
    asJson(unique),
  );
  return new Map(rows.map((row) => [row.key, parseJsonColumn(row.result)]));
}
