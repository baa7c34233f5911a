import type { ImportError, ImportOutcome, ImportWarning, SourceLocation, WarningCode } from "./import-types";
import type { TranscriptFormat } from "./types";

export interface ImportedEntry extends SourceLocation {
  name: string;
  format: TranscriptFormat;
  hash: string;
  messageCount: number;
  toolCallCount: number;
  warnings: ImportWarning[];
}

export interface DuplicateEntry extends SourceLocation {
  name: string;
  hash: string;
  /** Seen earlier in this upload, or already stored before it. */
  of: "upload" | "stored";
  /** Where the kept copy came from, when it is in this upload. */
  first?: SourceLocation;
}

export interface UploadReport {
  files: string[];
  counts: { items: number; imported: number; duplicates: number; rejected: number; warnings: number };
  imported: ImportedEntry[];
  duplicates: DuplicateEntry[];
  /** Items and whole files that could not be read, each with where and why. */
  rejected: ImportError[];
  warningsByCode: Partial<Record<WarningCode, number>>;
  /** Criteria carried by evaluation requests, each once, for the criteria library to offer. */
  criteria: string[];
}

export type ImportDecision = "imported" | "duplicate" | "rejected";

/** Hashes already stored: a set, or a lookup (e.g. over a set the caller loaded from the database). */
export type KnownHashes = ReadonlySet<string> | ((hash: string) => boolean);

/**
 * Tallies an upload item by item, so that a caller streaming a large file can decide on each
 * transcript (store it or not) without keeping the transcripts themselves.
 */
export class UploadReportBuilder {
  private readonly files: string[] = [];
  private readonly seen = new Map<string, SourceLocation>();
  private readonly criteria = new Set<string>();
  private readonly imported: ImportedEntry[] = [];
  private readonly duplicates: DuplicateEntry[] = [];
  private readonly rejected: ImportError[] = [];
  private readonly warningsByCode: Partial<Record<WarningCode, number>> = {};
  private warnings = 0;

  constructor(private readonly stored?: KnownHashes) {}

  addFile(name: string): void {
    if (!this.files.includes(name)) this.files.push(name);
  }

  add(outcome: ImportOutcome): ImportDecision {
    if (!outcome.ok) {
      this.addFile(outcome.error.file);
      this.rejected.push(outcome.error);
      return "rejected";
    }
    const { source, name, hash } = outcome;
    this.addFile(source.file);
    for (const criterion of outcome.criteria) this.criteria.add(criterion);
    const first = this.seen.get(hash);
    if (first) {
      this.duplicates.push({ ...source, name, hash, of: "upload", first });
      return "duplicate";
    }
    this.seen.set(hash, source);
    if (this.isStored(hash)) {
      this.duplicates.push({ ...source, name, hash, of: "stored" });
      return "duplicate";
    }
    this.imported.push({
      ...source,
      name,
      format: outcome.format,
      hash,
      messageCount: outcome.transcript.messages.length,
      toolCallCount: outcome.sites.length,
      warnings: outcome.warnings,
    });
    this.warnings += outcome.warnings.length;
    for (const warning of outcome.warnings) {
      this.warningsByCode[warning.code] = (this.warningsByCode[warning.code] ?? 0) + 1;
    }
    return "imported";
  }

  report(): UploadReport {
    const counts = {
      items: this.imported.length + this.duplicates.length + this.rejected.length,
      imported: this.imported.length,
      duplicates: this.duplicates.length,
      rejected: this.rejected.length,
      warnings: this.warnings,
    };
    return {
      files: [...this.files],
      counts,
      imported: [...this.imported],
      duplicates: [...this.duplicates],
      rejected: [...this.rejected],
      warningsByCode: { ...this.warningsByCode },
      criteria: [...this.criteria],
    };
  }

  private isStored(hash: string): boolean {
    if (!this.stored) return false;
    return typeof this.stored === "function" ? this.stored(hash) : this.stored.has(hash);
  }
}

/** The report of a finished set of outcomes. */
export function summariseUpload(outcomes: Iterable<ImportOutcome>, stored?: KnownHashes): UploadReport {
  const builder = new UploadReportBuilder(stored);
  for (const outcome of outcomes) builder.add(outcome);
  return builder.report();
}
