import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "@/lib/platform/db/dialect";
import { postgresQueueStore } from "./postgres";
import { sqliteQueueStore } from "./sqlite";
import type { QueueStore } from "./types";

/** The statements that write review queues, for `prisma`'s database (types.ts). */
export function queueStore(prisma: PrismaClient): QueueStore {
  return forDialect(prisma, { sqlite: sqliteQueueStore, postgresql: postgresQueueStore });
}
