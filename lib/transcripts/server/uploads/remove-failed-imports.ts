import type { PrismaClient } from "@/lib/generated/prisma/client";
import { transcriptStore } from "../transcript-store";

export interface RemovalOptions {
  /** At most this many transcripts per transaction. */
  batchSize?: number;
  /** A batch stops early once it has run this long: the event loop is never held longer. */
  budgetMs?: number;
}

export const REMOVAL_BATCH = 200;
const BUDGET_MS = 40;

/**
 * Deletes the transcripts of failed files (a broken connection, a file over the limit, a server
 * that died mid-import) in small transactions: at most `batchSize` transcripts and about
 * `budgetMs` each, then as long again given back to the event loop, so that requests keep
 * answering and the write lock is free half the time while a large file is rolled back. They were
 * hidden from the moment their file failed; this only frees the space. Returns how many went.
 */
export async function removeFailedImports(prisma: PrismaClient, options: RemovalOptions = {}): Promise<number> {
  // PostgreSQL has no database-wide write lock to give back: its store ignores the time budget.
  return transcriptStore(prisma).removeFailedImports(prisma, options.batchSize ?? REMOVAL_BATCH, options.budgetMs ?? BUDGET_MS);
}
