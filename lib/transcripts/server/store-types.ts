import type { CanonicalTranscript, JsonValue, ToolCallSite, TranscriptFormat } from "@/lib/transcripts/types";

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
