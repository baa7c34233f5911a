import type { CriterionKind, CriterionScale } from "@/lib/criteria/parse";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import type { JudgeResult } from "../types";

/** A whole transcript, as an agent-level criterion judges it. */
export interface TraceView {
  messages: CanonicalMessage[];
  tools: CanonicalTool[];
}

/** What an agent-level criterion needs of its parse: its prefix's meaning and its condition. */
export interface TraceCriterion {
  kind: CriterionKind;
  scale: CriterionScale;
  condition: string;
}

export interface TraceJudgeInput {
  criterion: TraceCriterion;
  content: TraceView;
}

/** A judge of whole transcripts: the built-in checks, or an LLM given the transcript and the criterion. */
export interface TraceJudge {
  id: string;
  version?: string;
  evaluateTrace(input: TraceJudgeInput, signal?: AbortSignal): Promise<JudgeResult>;
}

/** Whether a judge can also judge whole transcripts (the built-in checks, the OpenAI-compatible and Anthropic judges). */
export function canJudgeTraces<T extends object>(judge: T): judge is T & TraceJudge {
  return "evaluateTrace" in judge && typeof judge.evaluateTrace === "function";
}
