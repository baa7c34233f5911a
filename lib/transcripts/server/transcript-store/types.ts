import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CanonicalTranscript, JsonValue, ToolCallSite, TranscriptFormat } from "@/lib/transcripts/types";

/** A transcript that passed validation, ready to be written with its extracted tool calls. */
export interface PreparedTranscript {
  name: string;
  format: TranscriptFormat;
  hash: string;
  transcript: CanonicalTranscript;
  sites: ToolCallSite[];
  warnings: JsonValue[];
  sourceFile?: string;
  sourceLocation?: string;
}

export interface StoreOptions {
  /**
   * Whether the stored transcripts go to the monitors' inboxes (../arrivals.ts); true by default.
   * False for a live check's transcript, which belongs to the one monitor that recorded it.
   */
  announce?: boolean;
}

export interface StoreResult {
  stored: { id: string; name: string; hash: string }[];
  duplicates: { name: string; hash: string; existingId: string }[];
}

/**
 * The statements that write transcripts (store.ts, metadata-index.ts, uploads/remove-failed-imports.ts say what each does): SQLite's
 * (sqlite.ts) and PostgreSQL's (postgres.ts) write the same rows. `items` is never empty.
 * index.ts picks one per client.
 */
export interface TranscriptStore {
  storeTranscripts(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[], importId?: string, options?: StoreOptions): Promise<StoreResult>;
  /** Fills stale metadata columns, `batch` transcripts per transaction (metadata-index.ts); returns how many. */
  fillMetadataColumns(prisma: PrismaClient, batch: number): Promise<number>;
  /** Deletes the transcripts of failed files in small transactions (uploads/remove-failed-imports.ts); returns how many. */
  removeFailedImports(prisma: PrismaClient, batchSize: number, budgetMs: number): Promise<number>;
}
