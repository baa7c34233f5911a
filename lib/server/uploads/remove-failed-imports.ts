import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withBulkConnection } from "../db/bulk-writer";

export interface RemovalOptions {
  /** Transcripts deleted per transaction; each batch holds the write lock for its length only. */
  batchSize?: number;
  /** Time given back to the event loop (requests, the worker's writes) between batches. */
  pauseMs?: number;
}

export const REMOVAL_BATCH = 200;

const NEXT_BATCH = `SELECT p."transcriptId" FROM "PendingTranscript" p JOIN "FileImport" f ON f."id" = p."importId" WHERE f."status" = 'failed' LIMIT ?`;
// Tool calls, their results, comparisons and reviews go by cascade, each found through an index.
const DELETE_TRANSCRIPT = `DELETE FROM "Transcript" WHERE "id" = ?`;
const DROP_EMPTY_IMPORTS = `DELETE FROM "FileImport" WHERE "status" = 'failed' AND NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."importId" = "FileImport"."id")`;

function deleteBatch(prisma: PrismaClient, batchSize: number): number {
  return withBulkConnection(prisma, (db) => {
    const ids = db.prepare<[number], string>(NEXT_BATCH).pluck().all(batchSize);
    const remove = db.prepare(DELETE_TRANSCRIPT);
    db.transaction(() => {
      for (const id of ids) remove.run(id);
    }).immediate();
    return ids.length;
  });
}

/**
 * Deletes the transcripts of failed files (a broken connection, a file over the limit, a server
 * that died mid-import), a bounded batch per transaction with a pause between batches, so that
 * rolling back a large file never holds the database or the event loop for long. They were
 * hidden from the moment their file failed; this only frees the space. Returns how many went.
 */
export async function removeFailedImports(prisma: PrismaClient, options: RemovalOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? REMOVAL_BATCH;
  const pauseMs = options.pauseMs ?? 5;
  let removed = 0;
  for (;;) {
    const count = deleteBatch(prisma, batchSize);
    removed += count;
    if (count < batchSize) break;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  withBulkConnection(prisma, (db) => db.prepare(DROP_EMPTY_IMPORTS).run());
  return removed;
}
