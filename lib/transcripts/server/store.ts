import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type Database from "better-sqlite3";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ImportSuccess } from "@/lib/transcripts/import-types";
import type { JsonValue } from "@/lib/transcripts/types";
import { sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { dialectOf } from "@/lib/platform/db/dialect";
import { METADATA_COLUMNS, metadataColumnValues } from "./metadata-columns";
import { storeTranscriptsPostgres } from "./store-postgres";
import type { PreparedTranscript, StoreResult } from "./store-types";

export type { PreparedTranscript, StoreResult } from "./store-types";

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

const INSERT_TRANSCRIPT = `INSERT INTO "Transcript" ("id","uploadId","name","sourceFile","sourceLocation","format","contentHash","messages","tools","metadata","messageCount","toolCallCount","warningCount","warnings","createdAt",${METADATA_COLUMNS.map((c) => `"${c}"`).join(",")})
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,${METADATA_COLUMNS.map(() => "?").join(",")})`;
export const INSERT_CALL = `INSERT INTO "ToolCall" ("id","transcriptId","callId","messageIndex","position","ordinal","toolName","rawArguments","parsedArguments","argumentsError","responseIndex","response")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`;
// The stored transcript with this content, and whether its file failed (then it is only waiting to be deleted).
const FIND_HASH = `SELECT t."id" AS "id", f."status" AS "importStatus" FROM "Transcript" t
  LEFT JOIN "PendingTranscript" p ON p."transcriptId" = t."id" LEFT JOIN "FileImport" f ON f."id" = p."importId" WHERE t."contentHash" = ?`;
const DELETE_TRANSCRIPT = `DELETE FROM "Transcript" WHERE "id" = ?`;
const INSERT_PENDING = `INSERT INTO "PendingTranscript" ("transcriptId", "importId") VALUES (?, ?)`;

/**
 * Writes a batch of transcripts and their tool calls in one transaction, so a failure leaves
 * nothing half-written. Content already stored (same hash) is reported as a duplicate, never
 * stored twice. Prepared statements on a plain connection (see bulk-writer.ts) keep a
 * 10,000-transcript import within seconds; the columns are written exactly as Prisma writes them.
 * With `importId` (lib/transcripts/server/uploads/file-import.ts) the transcripts stay hidden until that file
 * completes. Content left by a failed file, still waiting to be deleted, is replaced, not reported
 * as a duplicate of something about to disappear.
 */
export async function storeTranscripts(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[], importId?: string): Promise<StoreResult> {
  if (items.length === 0) return { stored: [], duplicates: [] };
  if (dialectOf(prisma) === "postgresql") return storeTranscriptsPostgres(prisma, uploadId, items, importId);
  return withBulkConnection(prisma, (db) => writeBatch(db, uploadId, items, importId));
}

/** A transcript row to insert: its id, upload and creation time are the caller's. */
export interface TranscriptRow {
  id: string;
  uploadId: string | null;
  createdAt: string;
  item: PreparedTranscript;
}

/**
 * Prepared INSERTs for a transcript and its tool calls, columns exactly as Prisma writes them.
 * The returned function writes one transcript and returns its calls' ids, in the order of its sites.
 */
export function transcriptInserts(db: Database.Database): (row: TranscriptRow, newId?: () => string) => string[] {
  const insertTranscript = db.prepare(INSERT_TRANSCRIPT);
  const insertCall = db.prepare(INSERT_CALL);
  return ({ id, uploadId, createdAt, item }, newId = sortableUuid) => {
    const t = item.transcript;
    insertTranscript.run(
      id,
      uploadId,
      item.name,
      item.sourceFile ?? null,
      item.sourceLocation ?? null,
      item.format,
      item.hash,
      JSON.stringify(t.messages),
      JSON.stringify(t.tools),
      JSON.stringify(t.metadata),
      t.messages.length,
      item.sites.length,
      item.warnings.length,
      JSON.stringify(item.warnings),
      createdAt,
      ...metadataColumnValues(t.metadata),
    );
    return item.sites.map((site) => {
      const callId = newId();
      insertCall.run(
        callId,
        id,
        site.callId,
        site.messageIndex,
        site.position,
        site.ordinal,
        site.toolName,
        site.rawArguments,
        // JSON null arguments are stored as NULL; the raw string keeps the truth.
        site.arguments.ok && site.arguments.value !== null ? JSON.stringify(site.arguments.value) : null,
        site.arguments.ok ? null : site.arguments.error,
        site.responseIndex,
        site.response,
      );
      return callId;
    });
  };
}

function writeBatch(db: Database.Database, uploadId: string | null, items: PreparedTranscript[], importId?: string): StoreResult {
  const findHash = db.prepare<[string], { id: string; importStatus: string | null }>(FIND_HASH);
  const deleteTranscript = db.prepare(DELETE_TRANSCRIPT);
  const insertPending = db.prepare(INSERT_PENDING);
  const insert = transcriptInserts(db);
  const createdAt = sqliteDateTime(new Date());

  const write = db.transaction((batch: PreparedTranscript[]): StoreResult => {
    const result: StoreResult = { stored: [], duplicates: [] };
    const known = new Map<string, string>();
    for (const item of batch) {
      let existingId = known.get(item.hash);
      if (!existingId) {
        const stored = findHash.get(item.hash);
        if (stored?.importStatus === "failed") deleteTranscript.run(stored.id);
        else existingId = stored?.id;
      }
      if (existingId) {
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const id = sortableUuid();
      known.set(item.hash, id);
      insert({ id, uploadId, createdAt, item });
      if (importId) insertPending.run(id, importId);
      result.stored.push({ id, name: item.name, hash: item.hash });
    }
    return result;
  });
  // IMMEDIATE takes the write lock up front, so the busy timeout applies while the worker writes.
  return write.immediate(items);
}
