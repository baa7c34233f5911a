import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { NewQueue } from "./new-queue";
import { queueStore } from "./queue-store";

export type { NewQueue } from "./new-queue";

/**
 * Writes a queue, its items and each item's "created" entry in one transaction, with prepared
 * statements on a connection of their own on SQLite (lib/platform/db/bulk-writer.ts): through Prisma, 6,112
 * items and their history took 3.5 s of writes, during which the worker could not store results.
 * Columns are written exactly as Prisma writes them. Returns the queue's id.
 */
export async function writeQueue(prisma: PrismaClient, queue: NewQueue): Promise<string> {
  return queueStore(prisma).writeQueue(prisma, queue);
}
