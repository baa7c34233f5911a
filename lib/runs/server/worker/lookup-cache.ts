import type { PrismaClient } from "@/lib/generated/prisma/client";
import { asJson, parseJsonColumn } from "./sql";
import { dialectOf } from "@/lib/platform/db/dialect";
import { lookupCacheRowsPostgres } from "./postgres/load";
import { readWithRetry, withWorkerDb } from "./worker-db";

const LOOKUP = `SELECT "key", "result" FROM "JudgeCache" WHERE "key" IN (SELECT "value" FROM json_each(?))`;

/** Stored judge results for `keys`, in one statement: the batch's cache lookup. */
export async function lookupCache(prisma: PrismaClient, keys: readonly string[]): Promise<Map<string, unknown>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows =
    dialectOf(prisma) === "postgresql"
      ? await lookupCacheRowsPostgres(prisma, unique)
      : await withWorkerDb(prisma, (db) => readWithRetry(() => db.statement(LOOKUP).all(asJson(unique)) as { key: string; result: unknown }[]));
  return new Map(rows.map((row) => [row.key, parseJsonColumn(row.result)]));
}
