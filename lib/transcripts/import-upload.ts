import { importItem } from "./import-item";
import type { ImportOutcome, ImportSuccess } from "./import-types";
import type { ImportLimits } from "./limits";
import { type Chunk, readItems } from "./read-items";
import { type KnownHashes, type UploadReport, UploadReportBuilder } from "./upload-report";

export type ImportProgress = { file: string; bytesRead: number };

/** Every item of one file, read from its chunks and imported, in order. */
export async function* importFile(
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
  fileName: string,
  limits?: Partial<ImportLimits>,
): AsyncGenerator<{ outcome: ImportOutcome; bytesRead: number }> {
  for await (const item of readItems(chunks, fileName, limits)) {
    if (!item.ok) {
      yield { outcome: { ok: false, error: item.error }, bytesRead: item.bytesRead };
      continue;
    }
    // JSON Lines are located by line, array elements by index (their line is kept as well).
    const location = item.index === undefined ? { line: item.line } : { index: item.index, line: item.line };
    const outcome = importItem(item.value, { file: fileName, ...location, ordinal: item.ordinal, limits, depthChecked: true });
    yield { outcome, bytesRead: item.bytesRead };
  }
}

export interface UploadFile {
  name: string;
  chunks: AsyncIterable<Chunk> | Iterable<Chunk>;
}

export interface ImportUploadOptions {
  limits?: Partial<ImportLimits>;
  /** Hashes already stored: such transcripts are reported as duplicates, not passed on. */
  stored?: KnownHashes;
  /**
   * Receives each new transcript (not duplicates, not rejected items) in order. It is awaited,
   * so a slow store slows reading down instead of piling transcripts up in memory.
   */
  onTranscript?: (transcript: ImportSuccess) => void | Promise<void>;
  onProgress?: (progress: ImportProgress) => void;
}

/** Imports several files, one after the other, into one report. */
export async function importUpload(files: UploadFile[], options: ImportUploadOptions = {}): Promise<UploadReport> {
  const report = new UploadReportBuilder(options.stored);
  for (const file of files) {
    report.addFile(file.name);
    for await (const { outcome, bytesRead } of importFile(file.chunks, file.name, options.limits)) {
      const decision = report.add(outcome);
      if (decision === "imported" && outcome.ok && options.onTranscript) await options.onTranscript(outcome);
      options.onProgress?.({ file: file.name, bytesRead });
    }
  }
  return report.report();
}
