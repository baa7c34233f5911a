import type { ImportError, SourceLocation } from "./import-types";

/** `data.jsonl, line 12` / `runs.json, index 3 (line 40)` / `notes.json`. */
export function describeLocation(source: SourceLocation): string {
  if (source.index !== undefined) {
    return `${source.file}, index ${source.index}${source.line !== undefined ? ` (line ${source.line})` : ""}`;
  }
  if (source.line !== undefined) return `${source.file}, line ${source.line}`;
  return source.file;
}

/** One line for logs and the CLI: where, then what. */
export function describeImportError(error: ImportError): string {
  return `${describeLocation(error)}: ${error.message}`;
}
