import type { ImportError } from "@/lib/transcripts/import-types";

/** What one file of an upload became: shown on the upload page, answered by the API, kept with the Upload. */
export interface FileReport {
  uploadId: string;
  file: string;
  bytes: number;
  imported: { id: string; name: string; line?: number; index?: number; warnings: number }[];
  duplicates: { name: string; line?: number; index?: number; existingId: string; reason: string }[];
  rejected: ImportError[];
  /** Criteria carried by evaluation requests in the file, offered for the criteria library. */
  criteria: string[];
  warnings: number;
}

/** Lists kept in the database are capped: a file of 100,000 broken lines must not make a 100 MB row. */
export const STORED_LIST_LIMIT = 500;

export interface StoredUploadReport {
  files: { file: string; bytes: number; imported: number; duplicates: number; rejected: number }[];
  rejected: ImportError[];
  rejectedNotListed: number;
  duplicates: FileReport["duplicates"];
  criteria: string[];
  error?: string;
}

export function emptyStoredReport(): StoredUploadReport {
  return { files: [], rejected: [], rejectedNotListed: 0, duplicates: [], criteria: [] };
}

/** Adds one file's outcome to the report kept with its upload. */
export function mergeFileReport(stored: StoredUploadReport, file: FileReport): StoredUploadReport {
  const rejected = [...stored.rejected, ...file.rejected];
  return {
    files: [...stored.files, { file: file.file, bytes: file.bytes, imported: file.imported.length, duplicates: file.duplicates.length, rejected: file.rejected.length }],
    rejected: rejected.slice(0, STORED_LIST_LIMIT),
    rejectedNotListed: stored.rejectedNotListed + Math.max(0, rejected.length - STORED_LIST_LIMIT),
    duplicates: [...stored.duplicates, ...file.duplicates].slice(0, STORED_LIST_LIMIT),
    criteria: [...new Set([...stored.criteria, ...file.criteria])],
  };
}
