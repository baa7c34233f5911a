import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ImportSuccess } from "@/lib/transcripts/import-types";
import type { JsonValue } from "@/lib/transcripts/types";
import { transcriptStore } from "./transcript-store";
import type { PreparedTranscript, StoreOptions, StoreResult } from "./transcript-store/types";

export type { PreparedTranscript, StoreResult } from "./transcript-store/types";

/** An item the importer accepted, as the store writes it. */
export function preparedTranscript(outcome: ImportSuccess, sourceFile?: string, sourceLocation?: string): PreparedTranscript {
  return {
    name: outcome.name,
    format: outcome.format,
    hash: outcome.hash,
    transcript: outcome.transcript,
    sites: outcome.sites,
    // Import warnings are plain JSON objects.
    warnings: outcome.warnings as unknown as JsonValue[],
    sourceFile,
    sourceLocation,
  };
}

/**
 * Writes a batch of transcripts and their tool calls in one transaction, so a failure leaves
 * nothing half-written. Content already stored (same hash) is reported as a duplicate, never
 * stored twice. Prepared statements on a plain connection (see bulk-writer.ts) keep a
 * 10,000-transcript import within seconds; the columns are written exactly as Prisma writes them.
 * With `importId` (lib/transcripts/server/uploads/file-import.ts) the transcripts stay hidden until that file
 * completes. Content left by a failed file, still waiting to be deleted, is replaced, not reported
 * as a duplicate of something about to disappear.
 */
export async function storeTranscripts(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[], importId?: string, options?: StoreOptions): Promise<StoreResult> {
  if (items.length === 0) return { stored: [], duplicates: [] };
  return transcriptStore(prisma).storeTranscripts(prisma, uploadId, items, importId, options);
}
