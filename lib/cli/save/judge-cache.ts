import type { ResultCache } from "@/lib/judging/engine/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeResult } from "@/lib/judging/judges/types";

/**
 * The database's judge cache, read-only, keyed as the worker keys it. After a saved run, the
 * report is built from the results the worker just stored there, so nothing is judged twice and
 * the terminal shows what the dashboard shows. A judge that is not cached (the built-in checks)
 * is asked again: it is deterministic, so it says what the worker stored. (Validation happens in
 * the use case.)
 */
export function judgeCacheFrom(prisma: PrismaClient): ResultCache {
  return {
    async get(key) {
      const entry = await prisma.judgeCache.findUnique({ where: { key }, select: { result: true } });
      return entry ? (entry.result as unknown as JudgeResult) : undefined;
    },
  };
}
