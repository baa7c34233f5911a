import type { Criterion } from "@/lib/criteria/parse";
import type { GateResult } from "@/lib/evaluate/gate";
import type { Summary } from "@/lib/evaluate/summarise";
import type { CallResult } from "@/lib/evaluate/types";
import type { ImportError } from "@/lib/transcripts/import-types";
import type { RunMode } from "@/lib/zod/runs";

export interface SavedRunInfo {
  /** Null when nothing new could be stored as a run (every transcript was already in the database). */
  runId: string | null;
  name: string;
  uploadId: string;
  database: string;
  imported: number;
  duplicates: number;
  evaluations: number;
  errors: number;
  note?: string;
}

/** Everything one `callboard eval` produced: what every output format renders. */
export interface EvalReport {
  judge: string;
  mode: RunMode;
  files: string[];
  criteria: Criterion[];
  results: CallResult[];
  summary: Summary;
  gate: GateResult;
  rejected: ImportError[];
  saved?: SavedRunInfo;
}
