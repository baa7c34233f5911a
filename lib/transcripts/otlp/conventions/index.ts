import type { OtelSpan } from "../span";
import { isGenAiLlm, isGenAiTool, isOpenLlmetryLlm, isOpenLlmetryTool, readGenAiLlm, readGenAiTool, readOpenLlmetryLlm, readOpenLlmetryTool } from "./genai";
import type { LlmCall, Problems, ToolRun } from "./llm-call";
import { isOpenInferenceLlm, isOpenInferenceTool, readOpenInferenceLlm, readOpenInferenceTool } from "./openinference";

export type { AttributeProblem, LlmCall, Problems, ToolRun } from "./llm-call";

export type SpanRole = "llm" | "tool" | "other";

/** What a span is to Callboard; the first convention that claims it reads it. */
export function spanRole(span: OtelSpan): SpanRole {
  if (isOpenInferenceTool(span) || isGenAiTool(span) || isOpenLlmetryTool(span)) return "tool";
  if (isOpenInferenceLlm(span) || isGenAiLlm(span) || isOpenLlmetryLlm(span)) return "llm";
  return "other";
}

export function readLlmSpan(span: OtelSpan, problems: Problems): LlmCall {
  if (isOpenInferenceLlm(span)) return readOpenInferenceLlm(span, problems);
  // The newer GenAI message attributes win over OpenLLMetry's flattened ones when a span has both.
  if ("gen_ai.input.messages" in span.attributes || "gen_ai.output.messages" in span.attributes) return readGenAiLlm(span, problems);
  if (isOpenLlmetryLlm(span)) return readOpenLlmetryLlm(span, problems);
  return readGenAiLlm(span, problems);
}

export function readToolSpan(span: OtelSpan, problems: Problems): ToolRun {
  if (isOpenInferenceTool(span)) return readOpenInferenceTool(span, problems);
  if (isGenAiTool(span)) return readGenAiTool(span, problems);
  return readOpenLlmetryTool(span, problems);
}

const SESSION_KEYS = ["session.id", "gen_ai.conversation.id", "traceloop.association.properties.session_id", "langfuse.session.id"];

/** The session or conversation a span belongs to, where its conventions say. */
export function sessionIdOf(span: OtelSpan): string | null {
  for (const key of SESSION_KEYS) {
    const value = span.attributes[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}
