import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CanonicalTranscript, JsonValue, ToolCallSite, TranscriptFormat } from "@/lib/transcripts/types";
import { sqliteDateTime, withBulkConnection } from "../db/bulk-writer";

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

export interface StoreResult {
  stored: { id: string; name: string; hash: string }[];
  duplicates: { name: string; hash: string; existingId: string }[];
}

const INSERT_TRANSCRIPT = `INSERT INTO "Transcript" ("id","uploadId","name","sourceFile","sourceLocation","format","contentHash","messages","tools","metadata","messageCount","toolCallCount","warningCount","warnings","createdAt")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`;
const INSERT_CALL = `INSERT INTO "ToolCall" ("id","transcriptId","callId","messageIndex","position","ordinal","toolName","rawArguments","parsedArguments","argumentsError","responseIndex","response")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`;
const FIND_HASH = `SELECT "id" FROM "Transcript" WHERE "contentHash" = ?`;

/**
 * Writes a batch of transcripts and their tool calls in one transaction, so a failure leaves
 * nothing half-written. Content already stored (same hash) is reported as a duplicate, never
 * stored twice. Prepared statements on a plain connection (see bulk-writer.ts) keep a
 * 10,000-transcript import within seconds; the columns are written exactly as Prisma writes them.
 */
export function storeTranscripts(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[]): StoreResult {
  if (items.length === 0) return { stored: [], duplicates: [] };
  return withBulkConnection(prisma, (db) => writeBatch(db, uploadId, items));
}

function writeBatch(db: Database.Database, uploadId: string | null, items: PreparedTranscript[]): StoreResult {
  const findHash = db.prepare<[string], { id: string }>(FIND_HASH);
  const insertTranscript = db.prepare(INSERT_TRANSCRIPT);
  const insertCall = db.prepare(INSERT_CALL);
  const createdAt = sqliteDateTime(new Date());

  const write = db.transaction((batch: PreparedTranscript[]): StoreResult => {
    const result: StoreResult = { stored: [], duplicates: [] };
    const known = new Map<string, string>();
    for (const item of batch) {
      const existingId = known.get(item.hash) ?? findHash.get(item.hash)?.id;
      if (existingId) {
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const id = randomUUID();
      known.set(item.hash, id);
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
      );
      for (const site of item.sites) {
        insertCall.run(
          randomUUID(),
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
      }
      result.stored.push({ id, name: item.name, hash: item.hash });
    }
    return result;
  });
  // IMMEDIATE takes the write lock up front, so the busy timeout applies while the worker writes.
  return write.immediate(items);
}
