import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type Database from "better-sqlite3";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { METADATA_FIELDS_VERSION } from "@/lib/transcripts/metadata-fields";
import { openBulkConnection, sqliteDateTime, withBulkConnection } from "@/lib/platform/db/bulk-writer";
import { METADATA_COLUMNS, METADATA_SET_SQL, metadataColumnValues, parseMetadataOrNull } from "../metadata-columns";
import type { PreparedTranscript, StoreOptions, StoreResult, TranscriptStore } from "./types";
import { announceArrivalsSqlite } from "../arrivals";

// The transcript store on SQLite (types.ts; the rules are in each public function's file):
// prepared statements on a plain connection (bulk-writer.ts), the columns written exactly as
// Prisma writes them.

/* ---------------------------------------------------------------- storeTranscripts */

const INSERT_TRANSCRIPT = `INSERT INTO "Transcript" ("id","uploadId","name","sourceFile","sourceLocation","format","contentHash","messages","tools","metadata","messageCount","toolCallCount","warningCount","warnings","createdAt","reference",${METADATA_COLUMNS.map((c) => `"${c}"`).join(",")})
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,${METADATA_COLUMNS.map(() => "?").join(",")})`;
export const INSERT_CALL = `INSERT INTO "ToolCall" ("id","transcriptId","callId","messageIndex","position","ordinal","toolName","rawArguments","parsedArguments","argumentsError","responseIndex","response")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`;
// The stored transcript with this content, and whether its file failed (then it is only waiting to be deleted).
const FIND_HASH = `SELECT t."id" AS "id", f."status" AS "importStatus" FROM "Transcript" t
  LEFT JOIN "PendingTranscript" p ON p."transcriptId" = t."id" LEFT JOIN "FileImport" f ON f."id" = p."importId" WHERE t."contentHash" = ?`;
const DELETE_TRANSCRIPT = `DELETE FROM "Transcript" WHERE "id" = ?`;
// Content uploaded again with a reference: the reference is attached data, so the stored transcript takes it.
const ATTACH_REFERENCE = `UPDATE "Transcript" SET "reference" = ? WHERE "id" = ?`;
const INSERT_PENDING = `INSERT INTO "PendingTranscript" ("transcriptId", "importId") VALUES (?, ?)`;

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
      t.referenceText ?? null,
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

function writeBatch(db: Database.Database, uploadId: string | null, items: PreparedTranscript[], importId?: string, options: StoreOptions = {}): StoreResult {
  const findHash = db.prepare<[string], { id: string; importStatus: string | null }>(FIND_HASH);
  const deleteTranscript = db.prepare(DELETE_TRANSCRIPT);
  const insertPending = db.prepare(INSERT_PENDING);
  const attachReference = db.prepare(ATTACH_REFERENCE);
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
        if (item.transcript.referenceText) attachReference.run(item.transcript.referenceText, existingId);
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const id = sortableUuid();
      known.set(item.hash, id);
      insert({ id, uploadId, createdAt, item });
      if (importId) insertPending.run(id, importId);
      result.stored.push({ id, name: item.name, hash: item.hash });
    }
    // A file's transcripts arrive when it completes (uploads/file-import.ts).
    if (!importId && options.announce !== false) announceArrivalsSqlite(db, result.stored.map((stored) => stored.id));
    return result;
  });
  // IMMEDIATE takes the write lock up front, so the busy timeout applies while the worker writes.
  return write.immediate(items);
}

/* ---------------------------------------------------------------- fillMetadataColumns */

const STALE = `SELECT "id", "metadata" FROM "Transcript" WHERE "metadataVersion" < ? ORDER BY "id" LIMIT ?`;
const UPDATE = `UPDATE "Transcript" SET ${METADATA_SET_SQL} WHERE "id" = ?`;

function fillMetadataColumns(prisma: PrismaClient, batch: number): number {
  return withBulkConnection(prisma, (db) => {
    const stale = db.prepare<[number, number], { id: string; metadata: string }>(STALE);
    const update = db.prepare(UPDATE);
    const fill = db.transaction((rows: { id: string; metadata: string }[]) => {
      for (const row of rows) update.run(...metadataColumnValues(parseMetadataOrNull(row.metadata)), row.id);
    });
    let filled = 0;
    for (;;) {
      const rows = stale.all(METADATA_FIELDS_VERSION, batch);
      if (rows.length === 0) return filled;
      fill.immediate(rows);
      filled += rows.length;
    }
  });
}

/* ---------------------------------------------------------------- removeFailedImports */

const NEXT_BATCH = `SELECT p."transcriptId" FROM "PendingTranscript" p JOIN "FileImport" f ON f."id" = p."importId" WHERE f."status" = 'failed' LIMIT ?`;
// Deleting a transcript (DELETE_TRANSCRIPT): tool calls, their results, comparisons and reviews go
// by cascade, each found through an index.
const DROP_EMPTY_IMPORTS = `DELETE FROM "FileImport" WHERE "status" = 'failed' AND NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."importId" = "FileImport"."id")`;

/** Deletes in transactions of at most `batchSize` transcripts and about `budgetMs`, giving the write lock back as long again between them. */
async function removeFailedImports(prisma: PrismaClient, batchSize: number, budgetMs: number): Promise<number> {
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

export const sqliteTranscriptStore: TranscriptStore = {
  storeTranscripts: async (prisma, uploadId, items, importId, options) => withBulkConnection(prisma, (db) => writeBatch(db, uploadId, items, importId, options)),
  fillMetadataColumns: async (prisma, batch) => fillMetadataColumns(prisma, batch),
  removeFailedImports,
};
