import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "@/lib/platform/db/dialect";
import { postgresTraceStore } from "./postgres";
import { sqliteTraceStore } from "./sqlite";
import type { TraceStore } from "./trace-store-types";

/** Trace ingestion's statements for `prisma`'s database (trace-store-types.ts). */
export function traceStore(prisma: PrismaClient): TraceStore {
  return forDialect(prisma, { sqlite: sqliteTraceStore, postgresql: postgresTraceStore });
}
