import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "@/lib/platform/db/dialect";
import { postgresProgressStore } from "./postgres";
import { sqliteProgressStore } from "./sqlite";
import type { ProgressStore } from "./types";

/** The reads of a run's progress for `prisma`'s database (types.ts). */
export function progressStore(prisma: PrismaClient): ProgressStore {
  return forDialect(prisma, { sqlite: sqliteProgressStore, postgresql: postgresProgressStore });
}
