import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseJsonColumn } from "./sql";
import { workerStore } from "./store";

/** Stored judge results for `keys`, in one statement: the batch's cache lookup. */
export async function lookupCache(prisma: PrismaClient, keys: readonly string[]): Promise<Map<string, unknown>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows = await workerStore(prisma).lookupCacheRows(prisma, unique);
  return new Map(rows.map((row) => [row.key, parseJsonColumn(row.result)]));
}
