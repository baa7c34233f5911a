import type { Criterion } from "@/lib/criteria/parse";
import type { CriterionScope } from "@/lib/criteria/scope";
import type { GateResult } from "@/lib/judging/engine/gate";
import type { Summary } from "@/lib/judging/engine/summarise";
import type { EvalResult } from "@/lib/judging/engine/types";
import type { ImportError } from "@/lib/transcripts/import-types";
import type { RunMode } from "@/lib/runs/schemas/runs";

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
  /** scope "agent" for agent-level criteria; tool-call criteria may leave it out. */
  criteria: (Criterion & { scope?: CriterionScope })[];
  /** Per item: its calls' results, then its agent-level results (scope "agent", no call fields). */
  results: EvalResult[];
  summary: Summary;
  gate: GateResult;
  rejected: ImportError[];
  saved?: SavedRunInfo;
}
