import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { insertRowsPostgres, type SqlValue } from "@/lib/platform/db/multi-row-insert";
import { withPgTransaction } from "@/lib/platform/db/pg-pool";
import type { SqlTarget } from "@/lib/platform/db/sql-target";
import { insertRowsUnnestPostgres, type UnnestColumn, type UnnestType } from "@/lib/platform/db/unnest-insert";
import { METADATA_FIELDS_VERSION } from "@/lib/transcripts/metadata-fields";
import { METADATA_COLUMNS, parseMetadataOrNull, postgresMetadataColumnValues } from "../metadata-columns";
import type { PreparedTranscript, StoreOptions, StoreResult, TranscriptStore } from "./types";
import { announceArrivalsPostgres } from "../arrivals";

// storeTranscripts on PostgreSQL: the same rows as SQLite's (sqlite.ts), in one transaction, with a few
// set-based INSERTs per batch instead of better-sqlite3's prepared statements. Past Prisma, on a
// connection of its pool (pg-pool.ts), as SQLite's go past it through better-sqlite3: through
// Prisma's raw queries the parameters of 10,000 transcripts (60 MB of JSON) cost the import
// 1.5-1.8 s of CPU (bench:import: 6.4 -> 4.6-4.9 s).

const METADATA_TYPES: Record<(typeof METADATA_COLUMNS)[number], UnnestType> = {
  model: "text", taskId: "text", trial: "text", tags: "text", reward: "double precision", success: "boolean", service: "text", promptVersion: "text", metadataVersion: "integer",
};
// In the order of transcriptRow's values.
const TRANSCRIPT_COLUMNS: readonly UnnestColumn[] = [
  ["id", "text"], ["uploadId", "text"], ["name", "text"], ["sourceFile", "text"], ["sourceLocation", "text"], ["format", "text"], ["contentHash", "text"],
  ["messages", "jsonb"], ["tools", "jsonb"], ["metadata", "jsonb"], ["messageCount", "integer"], ["toolCallCount", "integer"], ["warningCount", "integer"],
  ["warnings", "jsonb"], ["createdAt", "timestamp(3)"], ["reference", "text"], ...METADATA_COLUMNS.map((column): UnnestColumn => [column, METADATA_TYPES[column]]),
];
const TRANSCRIPT_COLUMN_NAMES = TRANSCRIPT_COLUMNS.map(([name]) => name);
const TRANSCRIPT_CASTS = Object.fromEntries(TRANSCRIPT_COLUMNS.filter(([, type]) => type === "jsonb").map(([name]) => [name, "jsonb"]));
export const CALL_COLUMNS: readonly UnnestColumn[] = [
  ["id", "text"], ["transcriptId", "text"], ["callId", "text"], ["messageIndex", "integer"], ["position", "integer"], ["ordinal", "integer"],
  ["toolName", "text"], ["rawArguments", "text"], ["parsedArguments", "jsonb"], ["argumentsError", "text"], ["responseIndex", "integer"], ["response", "text"],
];
const PENDING_COLUMNS: readonly UnnestColumn[] = [["transcriptId", "text"], ["importId", "text"]];
// A batch of a file's import, written in one go; generous, since a batch of large transcripts is slow to send.
const TRANSACTION_LIMITS = { maxWaitMs: 120_000, timeoutMs: 120_000 };
const FIND_STORED = `SELECT t."id", t."contentHash", f."status" AS "importStatus" FROM "Transcript" t
LEFT JOIN "PendingTranscript" p ON p."transcriptId" = t."id" LEFT JOIN "FileImport" f ON f."id" = p."importId"
WHERE t."contentHash" = ANY($1::text[])`;

export function transcriptRow(id: string, uploadId: string | null, createdAt: Date, item: PreparedTranscript): SqlValue[] {
  const t = item.transcript;
  const metadata = postgresMetadataColumnValues(t.metadata);
  return [
    id, uploadId, item.name, item.sourceFile ?? null, item.sourceLocation ?? null, item.format, item.hash,
    JSON.stringify(t.messages), JSON.stringify(t.tools), JSON.stringify(t.metadata),
    t.messages.length, item.sites.length, item.warnings.length, JSON.stringify(item.warnings), createdAt, t.referenceText ?? null, ...metadata,
  ];
}

export function callRows(transcriptId: string, item: PreparedTranscript): SqlValue[][] {
  return item.sites.map((site) => [
    sortableUuid(), transcriptId, site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments,
    // JSON null arguments are stored as NULL; the raw string keeps the truth.
    site.arguments.ok && site.arguments.value !== null ? JSON.stringify(site.arguments.value) : null,
    site.arguments.ok ? null : site.arguments.error,
    site.responseIndex, site.response,
  ]);
}

async function storeTranscriptsPostgres(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[], importId?: string, options: StoreOptions = {}): Promise<StoreResult> {
  const createdAt = new Date();
  return withPgTransaction(prisma, TRANSACTION_LIMITS, async (tx) => {
    const hashes = [...new Set(items.map((item) => item.hash))];
    const { rows: found } = await tx.query<{ id: string; contentHash: string; importStatus: string | null }>(FIND_STORED, [hashes]);
    // Content left by a failed file is only waiting to be deleted: replace it.
    const failed = found.filter((row) => row.importStatus === "failed").map((row) => row.id);
    if (failed.length > 0) await tx.query(`DELETE FROM "Transcript" WHERE "id" = ANY($1::text[])`, [failed]);
    const known = new Map(found.filter((row) => row.importStatus !== "failed").map((row) => [row.contentHash, row.id]));

    const result: StoreResult = { stored: [], duplicates: [] };
    const transcripts: SqlValue[][] = [];
    const calls: SqlValue[][] = [];
    const pending: SqlValue[][] = [];
    const references: [string, string][] = [];
    for (const item of items) {
      const existingId = known.get(item.hash);
      if (existingId) {
        // Content uploaded again with a reference: the reference is attached data, so the stored transcript takes it.
        if (item.transcript.referenceText) references.push([existingId, item.transcript.referenceText]);
        result.duplicates.push({ name: item.name, hash: item.hash, existingId });
        continue;
      }
      const id = sortableUuid();
      known.set(item.hash, id);
      transcripts.push(transcriptRow(id, uploadId, createdAt, item));
      calls.push(...callRows(id, item));
      if (importId) pending.push([id, importId]);
      result.stored.push({ id, name: item.name, hash: item.hash });
    }
    await insertTranscriptRowsPostgres(tx, transcripts, calls);
    await insertRowsUnnestPostgres(tx, "PendingTranscript", PENDING_COLUMNS, pending);
    // A file's transcripts arrive when it completes (uploads/file-import.ts).
    if (!importId && options.announce !== false) await announceArrivalsPostgres(tx, result.stored.map((stored) => stored.id), createdAt);
    if (references.length) {
      await tx.query(`UPDATE "Transcript" t SET "reference" = r."reference" FROM unnest($1::text[], $2::text[]) AS r("id", "reference") WHERE t."id" = r."id"`, [references.map(([id]) => id), references.map(([, text]) => text)]);
    }
    return result;
  });
}

/**
 * Rows made by transcriptRow and callRows, inside the caller's transaction. Tool calls go in one
 * statement (unnest). Transcripts go as multi-row VALUES: their JSON is large, and PostgreSQL reads
 * a text[] parameter far slower than the same text as separate parameters (measured on 4,000
 * transcripts of bench:import: 8.1-8.3 s with this split against 10.3-11.0 s with unnest for both;
 * 3.8-4.0 s with VALUES for both against 3.0-3.2 s with this split, at another load).
 */
export async function insertTranscriptRowsPostgres(tx: SqlTarget, transcripts: SqlValue[][], calls: SqlValue[][]): Promise<void> {
  await insertRowsPostgres(tx, "Transcript", TRANSCRIPT_COLUMN_NAMES, transcripts, TRANSCRIPT_CASTS);
  await insertRowsUnnestPostgres(tx, "ToolCall", CALL_COLUMNS, calls);
}

/** One transcript and its tool calls, inside the caller's transaction (trace assembly). */
export async function storeTranscriptRowsPostgres(tx: SqlTarget, id: string, uploadId: string | null, createdAt: Date, item: PreparedTranscript): Promise<void> {
  await insertTranscriptRowsPostgres(tx, [transcriptRow(id, uploadId, createdAt, item)], callRows(id, item));
}

/* ---------------------------------------------------------------- fillMetadataColumns */

const STALE_PG = `SELECT "id", "metadata" FROM "Transcript" WHERE "metadataVersion" < $1 ORDER BY "id" LIMIT $2`;
const UPDATE_PG = `UPDATE "Transcript" SET ${METADATA_COLUMNS.map((column, i) => `"${column}" = $${i + 1}`).join(", ")} WHERE "id" = $${METADATA_COLUMNS.length + 1}`;

async function fillMetadataColumnsPostgres(prisma: PrismaClient, batch: number): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<{ id: string; metadata: unknown }[]>(STALE_PG, METADATA_FIELDS_VERSION, batch);
    if (rows.length === 0) return filled;
    await prisma.$transaction(async (tx) => {
      for (const row of rows) {
        // jsonb comes back parsed.
        const metadata = typeof row.metadata === "string" ? parseMetadataOrNull(row.metadata) : row.metadata;
        await tx.$executeRawUnsafe(UPDATE_PG, ...postgresMetadataColumnValues(metadata), row.id);
      }
    });
    filled += rows.length;
  }
}

/* ---------------------------------------------------------------- removeFailedImports */

const NEXT_BATCH_PG = `SELECT p."transcriptId" FROM "PendingTranscript" p JOIN "FileImport" f ON f."id" = p."importId" WHERE f."status" = 'failed' LIMIT $1`;
const DROP_EMPTY_IMPORTS_PG = `DELETE FROM "FileImport" WHERE "status" = 'failed' AND NOT EXISTS (SELECT 1 FROM "PendingTranscript" p WHERE p."importId" = "FileImport"."id")`;
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
  await prisma.$executeRawUnsafe(DROP_EMPTY_IMPORTS_PG);
  return removed;
}

export const postgresTranscriptStore: TranscriptStore = {
  storeTranscripts: storeTranscriptsPostgres,
  fillMetadataColumns: fillMetadataColumnsPostgres,
  removeFailedImports: (prisma, batchSize) => removeFailedImportsPostgres(prisma, batchSize),
};
