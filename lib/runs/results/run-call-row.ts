import type { HumanMark } from "./human-mark";

/** One result of a call on the run page: a criterion in one mode. */
export interface RunCallResult {
  criterionId: string;
  mode: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  error: string | null;
}

export interface TranscriptMetadata {
  model: string | null;
  taskId: string | null;
  trial: string | null;
  tags: string[];
  reward: number | null;
  success: boolean | null;
}

/**
 * One row of the run's calls table: what the server reads for each call of the page and the
 * browser gets, and no more.
 */
export interface RunCallRow {
  toolCallId: string;
  transcriptId: string;
  transcriptName: string;
  /** The transcript's metadata fields (lib/transcripts/metadata-fields.ts). */
  transcript: TranscriptMetadata;
  ordinal: number;
  toolName: string;
  /** The arguments as sent, cut to what the cell shows. */
  argumentsPreview: string;
  results: RunCallResult[];
  /** Criteria whose verdict changed between immediate and hindsight for this call. */
  flipped: string[];
  /** People's verdicts on this call's results (only those with a verdict), shown beside the judge's. */
  humans: HumanMark[];
}
