import type { PrismaClient } from "@/lib/generated/prisma/client";
import { openBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";

export interface RemovalOptions {
  /** At most this many transcripts per transaction. */
  batchSize?: number;
  /** A batch stops early once it has run this long: the event loop is never held longer. */
  budgetMs?: number;
}

export const REMOVAL_BATCH = 200;
const BUDGET_MS = 40;

const NEXT_BATCH = `SELECT p."transcriptId" FROM "PendingTranscript" p JOIN "FileImport" f ON f."id" = p."importId" WHERE f."status" = 'failed' LIMIT ?`;
// Tool calls, their results, comparisons and reviews go by cascade, each found through an index.
const DELETE_TRANSCRIPT = `DELETE FROM "Transcript" WHERE "id" = ?`;
const DROP_EMPTY_IMPORTS = `DELETE FROM "FileImport" WHERE "status" = 'failed' AND NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."importId" = "FileImport"."id")`;

/**
 * Deletes the transcripts of failed files (a broken connection, a file over the limit, a server
 * that died mid-import) in small transactions: at most `batchSize` transcripts and about
 * `budgetMs` each, then as long again given back to the event loop, so that requests keep
 * answering and the write lock is free half the time while a large file is rolled back. They were
 * hidden from the moment their file failed; this only frees the space. Returns how many went.
 */
export async function removeFailedImports(prisma: PrismaClient, options: RemovalOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? REMOVAL_BATCH;
  if (dialectOf(prisma) === "postgresql") return removeFailedImportsPostgres(prisma, batchSize);
  const budgetMs = options.budgetMs ?? BUDGET_MS;
  const db = openBulkConnection(prisma);
  try {
    const nextBatch = db.prepare<[number], string>(NEXT_BATCH).pluck();
    const remove = db.prepare(DELETE_TRANSCRIPT);
    const deleteSome = db.transaction((ids: string[]) => {
      const started = performance.now();
      let done = 0;
      for (const id of ids) {
        remove.run(id);
        done += 1;
        if (performance.now() - started > budgetMs) break;
      }
      return done;
    });
    let removed = 0;
    for (;;) {
      const ids = nextBatch.all(batchSize);
      if (ids.length === 0) break;
      const started = performance.now();
      removed += deleteSome.immediate(ids);
      const took = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, Math.max(5, took)));
    }
    db.prepare(DROP_EMPTY_IMPORTS).run();
    return removed;
  } finally {
    db.close();
  }
}

const NEXT_BATCH_PG = `SELECT p."transcriptId" FROM "PendingTranscript" p JOIN "FileImport" f ON f."id" = p."importId" WHERE f."status" = 'failed' LIMIT $1`;
const DELETE_TRANSCRIPTS_PG = `DELETE FROM "Transcript" WHERE "id" = ANY($1::text[])`;

// PostgreSQL has no database-wide write lock to give back, so no time budget: batches alone keep
// each transaction short.
async function removeFailedImportsPostgres(prisma: PrismaClient, batchSize: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await prisma.$queryRawUnsafe<{ transcriptId: string }[]>(NEXT_BATCH_PG, batchSize)).map((row) => row.transcriptId);
    if (ids.length === 0) break;
    removed += await prisma.$executeRawUnsafe(DELETE_TRANSCRIPTS_PG, ids);
  }
  await prisma.$executeRawUnsafe(DROP_EMPTY_IMPORTS);
  return removed;
}
