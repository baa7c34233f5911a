import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forDialect } from "@/lib/platform/db/dialect";
import { postgresWorkerStore } from "./postgres";
import { sqliteWorkerStore } from "./sqlite";
import type { HeldConnection, WorkerStore } from "./types";

/** The worker's statements for `prisma`'s database (types.ts). */
export function workerStore(prisma: PrismaClient): WorkerStore {
  return forDialect(prisma, { sqlite: sqliteWorkerStore, postgresql: postgresWorkerStore });
}

/**
 * Holds the worker's connection for a worker's life (its prepared statements are made once).
 * PostgreSQL's worker statements go through the Prisma client's pool: nothing to hold.
 */
export function holdWorkerConnection(prisma: PrismaClient): HeldConnection {
  return workerStore(prisma).holdConnection(prisma);
}
