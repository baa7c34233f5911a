import { sortableUuid } from "@/lib/ids/sortable-uuid";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { insertRowsPostgres, type SqlValue } from "../db/multi-row-insert";
import { METADATA_COLUMNS, postgresMetadataColumnValues } from "./metadata-columns";
import type { PreparedTranscript, StoreResult } from "./store";

// storeTranscripts on PostgreSQL: the same rows as the SQLite path, in one transaction, with
// multi-row INSERTs instead of better-sqlite3's prepared statements.

const TRANSCRIPT_COLUMNS = [
  "id", "uploadId", "name", "sourceFile", "sourceLocation", "format", "contentHash", "messages", "tools", "metadata",
  "messageCount", "toolCallCount", "warningCount", "warnings", "createdAt", ...METADATA_COLUMNS,
] as const;
const CALL_COLUMNS = [
  "id", "transcriptId", "callId", "messageIndex", "position", "ordinal", "toolName", "rawArguments", "parsedArguments", "argumentsError", "responseIndex", "response",
] as const;
const JSON_COLUMNS = { messages: "jsonb", tools: "jsonb", metadata: "jsonb", warnings: "jsonb", parsedArguments: "jsonb" };
// A batch of a file's import, written in one go; generous, since a batch of large transcripts is slow to send.
const TRANSACTION_TIMEOUT_MS = 120_000;

function transcriptRow(id: string, uploadId: string | null, createdAt: Date, item: PreparedTranscript): SqlValue[] {
  const t = item.transcript;
  const metadata = postgresMetadataColumnValues(t.metadata);
  return [
    id, uploadId, item.name, item.sourceFile ?? null, item.sourceLocation ?? null, item.format, item.hash,
    JSON.stringify(t.messages), JSON.stringify(t.tools), JSON.stringify(t.metadata),
    t.messages.length, item.sites.length, item.warnings.length, JSON.stringify(item.warnings), createdAt, ...metadata,
  ];
}

function callRows(transcriptId: string, item: PreparedTranscript): SqlValue[][] {
  return item.sites.map((site) => [
    sortableUuid(), transcriptId, site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments,
    // JSON null arguments are stored as NULL; the raw string keeps the truth.
    site.arguments.ok && site.arguments.value !== null ? JSON.stringify(site.arguments.value) : null,
    site.arguments.ok ? null : site.arguments.error,
    site.responseIndex, site.response,
  ]);
}

export async function storeTranscriptsPostgres(prisma: PrismaClient, uploadId: string | null, items: PreparedTranscript[], importId?: string): Promise<StoreResult> {
  const createdAt = new Date();
  return prisma.$transaction(
    async (tx) => {
      const hashes = [...new Set(items.map((item) => item.hash))];
      const found = await tx.$queryRawUnsafe<{ id: string; contentHash: string; importStatus: string | null }[]>(
        `SELECT t."id", t."contentHash", f."status" AS "importStatus" FROM "Transcript" t
         LEFT JOIN "PendingTranscript" p ON p."transcriptId" = t."id" LEFT JOIN "FileImport" f ON f."id" = p."importId"
         WHERE t."contentHash" = ANY($1::text[])`,
        hashes,
      );
      // Content left by a failed file is only waiting to be deleted: replace it.
      const failed = found.filter((row) => row.importStatus === "failed").map((row) => row.id);
      if (failed.length > 0) await tx.$executeRawUnsafe(`DELETE FROM "Transcript" WHERE "id" = ANY($1::text[])`, failed);
      const known = new Map(found.filter((row) => row.importStatus !== "failed").map((row) => [row.contentHash, row.id]));

      const result: StoreResult = { stored: [], duplicates: [] };
      const transcripts: SqlValue[][] = [];
      const calls: SqlValue[][] = [];
      const pending: SqlValue[][] = [];
      for (const item of items) {
        const existingId = known.get(item.hash);
        if (existingId) {
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
      await insertRowsPostgres(tx, "Transcript", TRANSCRIPT_COLUMNS, transcripts, JSON_COLUMNS);
      await insertRowsPostgres(tx, "ToolCall", CALL_COLUMNS, calls, JSON_COLUMNS);
      await insertRowsPostgres(tx, "PendingTranscript", ["transcriptId", "importId"], pending);
      return result;
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
  );
}

/** One transcript and its tool calls, inside the caller's transaction (trace assembly). */
export async function storeTranscriptRowsPostgres(tx: Prisma.TransactionClient, id: string, uploadId: string | null, createdAt: Date, item: PreparedTranscript): Promise<void> {
  await insertRowsPostgres(tx, "Transcript", TRANSCRIPT_COLUMNS, [transcriptRow(id, uploadId, createdAt, item)], JSON_COLUMNS);
  await insertRowsPostgres(tx, "ToolCall", CALL_COLUMNS, callRows(id, item), JSON_COLUMNS);
}
