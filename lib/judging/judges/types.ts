import type { Criterion } from "@/lib/criteria/parse";
import type { CanonicalMessage, CanonicalTool, ToolCallSite } from "@/lib/transcripts/types";

export type ViewMode = "immediate" | "hindsight";
export type AssistantMessage = Extract<CanonicalMessage, { role: "assistant" }>;
export type ToolMessage = Extract<CanonicalMessage, { role: "tool" }>;

/** The judged call: its site without the response, which only hindsight may see. */
export type JudgedCall = Omit<ToolCallSite, "response" | "responseIndex">;

/** What a judge sees before the call runs: the transcript up to and including the call. */
export interface ImmediateView {
  mode: "immediate";
  /** Messages before the assistant message that holds the call (indices as in the transcript). */
  context: CanonicalMessage[];
  /** The whole assistant message; `call.position` says which of its calls is judged. */
  assistant: AssistantMessage;
  call: JudgedCall;
  tools: CanonicalTool[];
  /**
   * The transcript's expected calls as stored (lib/references/stored.ts), when it carries them: what
   * reference criteria are measured against. Text, not the read reference: a view crosses to the
   * judging threads by structured cloning, which keeps no classes (PyInt, PyDict), so each thread
   * reads the text itself, once per distinct text.
   */
  referenceText?: string;
}

/** The immediate view plus the call's response and what the assistant did with it. */
export interface HindsightView extends Omit<ImmediateView, "mode"> {
  mode: "hindsight";
  response: { index: number; message: ToolMessage };
  /**
   * Messages after the assistant message up to, not including, the next user message. The
   * response is among them, with the responses of parallel calls and the assistant's follow-up.
   */
  following: CanonicalMessage[];
}

export type CallView = ImmediateView | HindsightView;

export type JudgeInput =
  | { criterion: Criterion; view: "immediate"; content: ImmediateView }
  | { criterion: Criterion; view: "hindsight"; content: HindsightView };

export type Severity = "info" | "minor" | "major" | "critical";

export interface Finding {
  /** Id of the check that produced it, e.g. "schema-violation". */
  check: string;
  severity: Severity;
  /** Argument path such as "location" or "items[0].id"; absent for call-level findings. */
  path?: string;
  message: string;
  /** The value and what it was compared with, quoted so a reviewer can verify the finding. */
  evidence?: string;
}

export interface JudgeUsage {
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  latencyMs?: number;
}

export interface JudgeResult {
  /** In [0, 1]; binary criteria give 1 (pass) or 0 (fail); null when not applicable. */
  score: number | null;
  /** Binary criteria only; null for continuous criteria and when not applicable. */
  passed: boolean | null;
  applicable: boolean;
  explanation: string;
  findings: Finding[];
  /** Which checks (or which model) produced the result, so a reader knows what was measured. */
  measuredBy?: string[];
  usage?: JudgeUsage;
}

export interface Judge {
  id: string;
  /** The version of the judge's own code, for judges whose results depend on it (the built-in checks); part of cache keys. */
  version?: string;
  /**
   * False for a judge that is cheaper to run again than to key, look up and store (the built-in
   * checks: ~0.1 ms a call, against a hash of the view, a lookup and a cache row as large as the
   * result). Its results get no cache key and no JudgeCache row. Absent means cached.
   */
  cacheable?: boolean;
  evaluate(input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult>;
  /**
   * Only for a judge with no provider behind it (the built-in checks): judges a group of calls at
   * once, each answer settled on its own, in the inputs' order. The worker then gives the group one
   * timeout instead of a concurrency slot, a timer and retries per call, which cost more than the
   * judging itself.
   */
  evaluateMany?(inputs: readonly JudgeInput[], signal?: AbortSignal): Promise<PromiseSettledResult<JudgeResult>[]>;
}

export function notApplicable(explanation: string, measuredBy: string[] = []): JudgeResult {
  return { score: null, passed: null, applicable: false, explanation, findings: [], measuredBy };
}
