/** The import layer: pure functions from bytes or parsed values to canonical transcripts. */
export type * from "./types";
export type * from "./import-types";
export { extractToolCallSites, parseArguments } from "./sites";
export { canonicalJson, contentHash, transcriptHash } from "./hash";
export { detectFormat, type BaseFormat, type Detection } from "./detect-format";
export { importItem, normaliseCriteria, type ImportContext } from "./import-item";
export { readItems, readItemsFromText, type Chunk, type ReadItem } from "./read-items";
export { importFile, importUpload, type ImportProgress, type ImportUploadOptions, type UploadFile } from "./import-upload";
export {
  summariseUpload,
  UploadReportBuilder,
  type DuplicateEntry,
  type ImportDecision,
  type ImportedEntry,
  type KnownHashes,
  type UploadReport,
} from "./upload-report";
export { DEFAULT_LIMITS, formatBytes, type ImportLimits } from "./limits";
export { describeImportError, describeLocation } from "./import-error-text";
export { formatZodIssues, describeValue, type FormattedIssue } from "./zod-errors";
export { findJsonSyntaxError, type JsonSyntaxError } from "./json-syntax";
