import type { Criterion, CriterionScale } from "@/lib/criteria/parse";
import type { RetryOptions } from "@/lib/judging/engine/retry";
import type { Finding, Judge, JudgeResult, ViewMode } from "@/lib/judging/judges/types";
import type { SourceLocation } from "@/lib/transcripts/import-types";
import type { CanonicalTranscript, ToolCallSite } from "@/lib/transcripts/types";
import type { RunMode } from "@/lib/runs/schemas/runs";

/** One transcript to evaluate, as the importer produced it. */
export interface EvaluationItem {
  name: string;
  transcript: CanonicalTranscript;
  /** The calls to judge: all of the transcript's, or a chosen few (the API judges only the last). */
  sites: readonly ToolCallSite[];
  source?: SourceLocation;
}

/**
 * Results that outlive one evaluation (the database's judge cache when a run is saved). Looked
 * up before a judge is called; never written here, so results are stored in one way only.
 */
export interface ResultCache {
  get(key: string): Promise<JudgeResult | undefined> | JudgeResult | undefined;
}

export interface EvaluateTranscriptsOptions {
  items: Iterable<EvaluationItem> | AsyncIterable<EvaluationItem>;
  criteria: readonly Criterion[];
  judge: Judge;
  /** What changes the judge's results (model, temperature): part of the cache key; secrets are dropped by it. */
  judgeSettings?: Record<string, unknown>;
  mode?: RunMode;
  /** Judge calls at once. */
  concurrency?: number;
  cache?: ResultCache;
  /** Per judge attempt. */
  timeoutMs?: number;
  retry?: Partial<Omit<RetryOptions, "signal">>;
  signal?: AbortSignal;
  /** Each result as soon as it is known (progress), in completion order. */
  onResult?: (result: CallResult) => void;
}

export type CallResultStatus = "done" | "not-applicable" | "error";

/**
 * One transcript judged as a whole against an agent-level criterion: the transcript's position
 * `item` and no call fields (no call, tool or view).
 */
export interface AgentResult {
  scope: "agent";
  /** 0-based position of the transcript among the items. */
  item: number;
  transcript: string;
  source?: SourceLocation;
  /** 0-based position of the criterion in the list given. */
  criterionIndex: number;
  criterion: string;
  scale: CriterionScale;
  status: CallResultStatus;
  score: number | null;
  passed: boolean | null;
  explanation: string;
  findings: Finding[];
  measuredBy?: string[];
  error?: string;
  errorKind?: string;
  cached: boolean;
  attempts: number;
  latencyMs: number | null;
}

/** A result of `callboard eval`: a call's, or (scope "agent") a whole transcript's. */
export type EvalResult = CallResult | AgentResult;

export const isAgentResult = (result: EvalResult): result is AgentResult => "scope" in result && result.scope === "agent";

/** One tool call judged against one criterion in one view. */
export interface CallResult {
  /** 0-based position of the transcript among the items. */
  item: number;
  transcript: string;
  source?: SourceLocation;
  callOrdinal: number;
  callId: string;
  toolName: string;
  /** 0-based position of the criterion in the list given. */
  criterionIndex: number;
  criterion: string;
  scale: CriterionScale;
  mode: ViewMode;
  status: CallResultStatus;
  /** In [0, 1]; binary criteria give 1 or 0; null when not applicable or failed. */
  score: number | null;
  /** Binary criteria only. */
  passed: boolean | null;
  explanation: string;
  findings: Finding[];
  measuredBy?: string[];
  error?: string;
  errorKind?: string;
  /** Answered from a cache (an identical call judged before), not by calling the judge. */
  cached: boolean;
  attempts: number;
  latencyMs: number | null;
}
