import type { CriterionKind, CriterionScale } from "@/lib/criteria/parse";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import type { JudgeResult } from "../types";

/** A whole transcript, as an agent-level criterion judges it. */
export interface TranscriptView {
  messages: CanonicalMessage[];
  tools: CanonicalTool[];
  /** The transcript's expected calls as stored (lib/references/stored.ts), when it carries them. */
  referenceText?: string;
}

/** What an agent-level criterion needs of its parse: its prefix's meaning and its condition. */
export interface AgentCriterion {
  kind: CriterionKind;
  scale: CriterionScale;
  condition: string;
}

export interface AgentJudgeInput {
  criterion: AgentCriterion;
  content: TranscriptView;
}

/** A judge of whole transcripts: the built-in checks, or an LLM given the transcript and the criterion. */
export interface AgentJudge {
  id: string;
  version?: string;
  evaluateTranscript(input: AgentJudgeInput, signal?: AbortSignal): Promise<JudgeResult>;
}

/** Whether a judge can also judge whole transcripts (the built-in checks, the OpenAI-compatible and Anthropic judges). */
export function canJudgeAgents<T extends object>(judge: T): judge is T & AgentJudge {
  return "evaluateTranscript" in judge && typeof judge.evaluateTranscript === "function";
}
