import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { ImportError, SourceLocation } from "@/lib/transcripts/import-types";
import { nulCharacterMessage, nulCharacterPath } from "@/lib/transcripts/nul-characters";
import { formatBytes, type ImportLimits } from "@/lib/transcripts/limits";
import type { Chunk } from "@/lib/transcripts/read-items";
import { readTranscripts } from "@/lib/transcripts/read-transcripts";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { lockRowsForUpdate } from "@/lib/platform/db/row-lock";
import { refreshStatistics } from "@/lib/platform/db/refresh-statistics";
import { beginFileImport, completeFileImport, failFileImport, keepImportAlive } from "./uploads/file-import";
import { scheduleImportCleanup } from "./uploads/cleanup-task";
import { preparedTranscript, storeTranscripts, type PreparedTranscript } from "./store";
import { emptyStoredReport, mergeFileReport, type FileReport, type StoredUploadReport } from "./upload-report";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export interface ImportFileInput {
  fileName: string;
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>;
  source: "browser" | "api" | "cli";
  /** Add this file to an earlier upload (several files chosen at once form one upload). */
  uploadId?: string;
  maxFileBytes: number;
  limits?: Partial<ImportLimits>;
  onProgress?: (bytesRead: number) => void;
  /** How often the import marks itself alive (IMPORT_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

// A batch is written synchronously on SQLite; 200 transcripts keep each write well under 100 ms of event-loop time.
const BATCH = 200;

async function* capped(chunks: AsyncIterable<Chunk> | Iterable<Chunk>, maxBytes: number, fileName: string): AsyncGenerator<Chunk> {
  let total = 0;
  for await (const chunk of chunks) {
    total += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (total > maxBytes) throw new UploadError(`${fileName}: the file is larger than the limit of ${formatBytes(maxBytes)}`, 413);
    yield chunk;
  }
}

async function openUpload(prisma: PrismaClient, input: ImportFileInput): Promise<{ id: string }> {
  if (!input.uploadId) {
    return prisma.upload.create({ data: { source: input.source, fileNames: [], status: "importing", report: emptyStoredReport() as unknown as Prisma.InputJsonObject }, select: { id: true } });
  }
  const row = await prisma.upload.findUnique({ where: { id: input.uploadId }, select: { id: true } });
  if (!row) throw new UploadError(`No upload with id ${input.uploadId}`, 404);
  return row;
}

/**
 * Imports one file as a stream, item by item, through the same validation for every caller
 * (the upload page, the HTTP API, the CLI and the benchmark). Invalid items are reported and the
 * rest imported. The file's transcripts stay hidden until it completes; a failure of the file as a
 * whole (too large, a broken connection, a database error) hides them for good at once and leaves
 * their deletion to a background task (lib/transcripts/server/uploads), so the request answers immediately.
 */
function nulRejection(source: SourceLocation, path: string): ImportError {
  return {
    ...source,
    code: "unstorable",
    path,
    message: nulCharacterMessage(path),
  };
}

export async function importFile(prisma: PrismaClient, input: ImportFileInput): Promise<FileReport> {
  const upload = await openUpload(prisma, input);
  const importId = await beginFileImport(prisma, upload.id, input.fileName);
  const stopHeartbeat = keepImportAlive(prisma, importId, input.heartbeatMs);
  try {
    return await importInto(prisma, input, upload, importId);
  } finally {
    stopHeartbeat();
  }
}

async function importInto(prisma: PrismaClient, input: ImportFileInput, upload: { id: string }, importId: string): Promise<FileReport> {
  const report: FileReport = { uploadId: upload.id, file: input.fileName, bytes: 0, imported: [], duplicates: [], rejected: [], criteria: [], warnings: 0 };
  const seen = new Map<string, string>();
  // A batch holds the items to store and, in their place, those that repeat an earlier item of
  // this upload, so that the report lists them in file order whenever the batch is recorded.
  type Entry = { prepared: PreparedTranscript; line?: number; index?: number } | { repeated: FileReport["duplicates"][number] };
  let batch: Entry[] = [];
  let toStore = 0;

  const record = (entries: Entry[], stored: Awaited<ReturnType<typeof storeTranscripts>>) => {
    const storedIds = new Map(stored.stored.map((s) => [s.hash, s.id]));
    const existingIds = new Map(stored.duplicates.map((d) => [d.hash, d.existingId]));
    for (const entry of entries) {
      if ("repeated" in entry) {
        report.duplicates.push(entry.repeated);
        continue;
      }
      const { prepared, line, index } = entry;
      const id = storedIds.get(prepared.hash);
      if (id) {
        report.imported.push({ id, name: prepared.name, line, index, warnings: prepared.warnings.length });
        report.warnings += prepared.warnings.length;
      } else {
        report.duplicates.push({ name: prepared.name, line, index, existingId: existingIds.get(prepared.hash) ?? "", reason: "already stored" });
      }
    }
  };
  // One batch is written while the next is read and validated: on PostgreSQL the server inserts
  // while this process parses (on SQLite the write is synchronous and nothing overlaps). Batches
  // are written one at a time, in order, so each sees the ones before it.
  let writing: Promise<void> = Promise.resolve();
  let writeFailure: { error: unknown } | null = null;
  const settle = async () => {
    await writing;
    if (writeFailure) throw writeFailure.error;
  };
  const flush = async () => {
    await settle();
    const entries = batch;
    const items = entries.flatMap((entry) => ("prepared" in entry ? [entry.prepared] : []));
    batch = [];
    toStore = 0;
    // The failure is kept (not left unhandled) until the next flush or the end rethrows it.
    writing = storeTranscripts(prisma, upload.id, items, importId).then(
      (stored) => record(entries, stored),
      (error: unknown) => {
        writeFailure = { error };
      },
    );
  };

  // PostgreSQL stores a NUL character in neither text nor jsonb: the transcript that holds one is
  // rejected with where it is, instead of failing its whole batch with the server's message.
  const refusesNul = !sqlDialect(prisma).storesNul;
  try {
    const isLines = /\.(jsonl|ndjson|jsonlines)$/i.test(input.fileName);
    const chunks = capped(input.chunks, input.maxFileBytes, input.fileName);
    for await (const { outcome, bytesRead, line, index } of readTranscripts(chunks, input.fileName, input.limits)) {
      report.bytes = bytesRead;
      input.onProgress?.(bytesRead);
      if (!outcome.ok) {
        report.rejected.push(outcome.error);
        continue;
      }
      const nulAt = refusesNul ? nulCharacterPath(outcome) : null;
      if (nulAt !== null) {
        report.rejected.push(nulRejection(outcome.source, nulAt));
        continue;
      }
      for (const criterion of outcome.criteria) if (!report.criteria.includes(criterion)) report.criteria.push(criterion);
      const location = index !== undefined ? `index ${index}` : isLines || (line ?? 1) > 1 ? `line ${line}` : undefined;
      const earlier = seen.get(outcome.hash);
      if (earlier !== undefined) {
        batch.push({ repeated: { name: outcome.name, line, index, existingId: "", reason: `earlier in this upload (${earlier})` } });
        continue;
      }
      seen.set(outcome.hash, location ?? input.fileName);
      batch.push({
        prepared: preparedTranscript(outcome, input.fileName, location),
        line,
        index,
      });
      if (++toStore >= BATCH) await flush();
    }
    await flush();
    await settle();
  } catch (error) {
    // A write still under way finishes (or fails) before the file is discarded.
    await writing;
    await discardFile(prisma, upload.id, importId, !input.uploadId, error);
    throw error;
  }
  await finishUpload(prisma, upload.id, importId, report);
  // A large file's rows would otherwise be planned without statistics until autovacuum's next round.
  await refreshStatistics(prisma, ["Transcript", "ToolCall"], report.imported.length);
  return report;
}

async function discardFile(prisma: PrismaClient, uploadId: string, importId: string, ownUpload: boolean, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  await failFileImport(prisma, importId, message);
  void scheduleImportCleanup(prisma);
  if (ownUpload) {
    await prisma.upload.update({ where: { id: uploadId }, data: { status: "failed", report: { ...emptyStoredReport(), error: message } as unknown as Prisma.InputJsonObject } });
  }
}

/**
 * Shows the file's transcripts and adds its report to the upload's, in one transaction. The
 * upload's report is read there, under the upload row's lock: files of one upload imported at
 * once (a CI posting them in parallel) each merged into the report read when they began, and the
 * last to finish kept only its own.
 */
async function finishUpload(prisma: PrismaClient, uploadId: string, importId: string, report: FileReport) {
  await prisma.$transaction(async (tx) => {
    await lockRowsForUpdate(tx, "Upload", [uploadId]);
    const current = await tx.upload.findUniqueOrThrow({ where: { id: uploadId }, select: { report: true } });
    const merged = mergeFileReport(current.report as unknown as StoredUploadReport, report);
    await completeFileImport(tx, importId);
    await tx.upload.update({
      where: { id: uploadId },
      data: {
        status: "done",
        fileNames: merged.files.map((f) => f.file),
        importedCount: { increment: report.imported.length },
        duplicateCount: { increment: report.duplicates.length },
        rejectedCount: { increment: report.rejected.length },
        warningCount: { increment: report.warnings },
        report: merged as unknown as Prisma.InputJsonObject,
      },
    });
  });
}

export type { ImportError };
