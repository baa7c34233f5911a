import type { CanonicalTranscript, JsonObject, ToolCallSite, TranscriptFormat } from "./types";

/** Where an item came from: the file, and its line (JSON Lines) or index (array). */
export interface SourceLocation {
  file: string;
  /** 1-based line where the item starts. */
  line?: number;
  /** 0-based position in a top-level JSON array. */
  index?: number;
}

export type ImportErrorCode =
  | "no_llm_span" // a trace with no LLM span under any supported convention: nothing to judge
  | "syntax" // not valid JSON
  | "schema" // valid JSON, wrong shape for its format
  | "unknown_format" // valid JSON, no format recognised
  | "too_large" // one item over the byte limit
  | "too_deep" // nesting over the depth limit
  | "encoding" // not valid UTF-8
  | "unstorable" // a value the database cannot hold (PostgreSQL: a NUL character)
  | "container"; // the file as a whole: empty, not an object/array/JSON Lines, trailing content

export interface ImportError extends SourceLocation {
  code: ImportErrorCode;
  /** 1-based column of a syntax error, when known. */
  column?: number;
  /** JSON path in the original input, e.g. `messages[3].tool_calls[0].function.arguments`; "" for the item itself. */
  path: string;
  /** A sentence a person understands, starting with the path when there is one. */
  message: string;
  /** Every schema problem found (the first is `message`), capped. */
  issues?: { path: string; message: string }[];
}

export type WarningCode =
  | "missing_response" // a tool call with no tool message answering it
  | "orphan_response" // a tool message that answers no earlier call
  | "duplicate_response" // a second tool message for an already answered call
  | "duplicate_call_id" // two calls share an id
  | "invalid_arguments" // arguments are not valid JSON (kept raw)
  | "unknown_tool" // a call to a tool that `tools` does not declare
  | "non_text_content" // images, audio, files replaced by a placeholder
  | "unsupported_tool" // a tool that is not a function tool, left out
  | "unsupported_item" // a content block or item kind that is not imported
  | "span_attribute" // a trace span's attribute of the wrong type or shape, read as text or left out
  | "invalid_reference" // a `reference` (expected calls) that does not follow the format, left out
  | "tool_span" // a trace's tool span that answers no tool call, or an LLM span that does not continue the conversation

export interface WarningLocation {
  /** Index in the canonical `messages`. */
  messageIndex?: number;
  callId?: string;
  /** JSON path in the original input. */
  path?: string;
}

export interface ImportWarning {
  code: WarningCode;
  message: string;
  location: WarningLocation;
}

export interface ImportSuccess {
  ok: true;
  source: SourceLocation;
  format: TranscriptFormat;
  transcript: CanonicalTranscript;
  /** Display name: explicit, from metadata, from the first user message, or `<file> #<n>`. */
  name: string;
  warnings: ImportWarning[];
  /** Criteria carried by an evaluation request (trimmed, de-duplicated), else empty. */
  criteria: string[];
  /** Content hash of the canonical transcript without its name: equal content, equal hash. */
  hash: string;
  sites: ToolCallSite[];
  /** Top-level keys no format defines (e.g. `id`, `labels`), kept aside: not part of the transcript or its hash. */
  extra: JsonObject;
}

export interface ImportFailure {
  ok: false;
  error: ImportError;
}

export type ImportOutcome = ImportSuccess | ImportFailure;
