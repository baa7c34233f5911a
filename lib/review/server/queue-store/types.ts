import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { NewQueue } from "../new-queue";

/**
 * Writing a review queue with its items and their first history entries (write-queue.ts says
 * how): SQLite's (sqlite.ts) and PostgreSQL's (postgres.ts), picked per client by index.ts.
 */
export interface QueueStore {
  /** Writes `queue` in one transaction; returns its id. Conflicts are AppErrors ("conflict", "not-found"). */
  writeQueue(prisma: PrismaClient, queue: NewQueue): Promise<string>;
}
