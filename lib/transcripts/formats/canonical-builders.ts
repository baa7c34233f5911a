import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, CanonicalTranscript, JsonObject, JsonValue } from "../types";

/*
 * Constructors for the canonical shape. Each writes its keys in sorted order: the content
 * hash then serialises the objects as they are instead of copying them into sorted order
 * (see canonicalJson). Correctness never depends on it; only the speed of an import does.
 * Optional keys are left out rather than set to undefined.
 */

export function systemMessage(content: string, name?: string | null): CanonicalMessage {
  return name ? { content, name, role: "system" } : { content, role: "system" };
}

export function userMessage(content: string, name?: string | null): CanonicalMessage {
  return name ? { content, name, role: "user" } : { content, role: "user" };
}

export function assistantMessage(
  content: string | null,
  toolCalls?: CanonicalToolCall[],
  name?: string | null,
): Extract<CanonicalMessage, { role: "assistant" }> {
  const message: Extract<CanonicalMessage, { role: "assistant" }> = name
    ? { content, name, role: "assistant" }
    : { content, role: "assistant" };
  if (toolCalls && toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}

export function toolMessage(content: string, toolCallId: string, name?: string | null): CanonicalMessage {
  return name
    ? { content, name, role: "tool", tool_call_id: toolCallId }
    : { content, role: "tool", tool_call_id: toolCallId };
}

export function toolCall(id: string, name: string, args: string): CanonicalToolCall {
  return { function: { arguments: args, name }, id, type: "function" };
}

/** A tool without a schema takes no arguments: the canonical shape always has one. */
export function functionTool(
  name: string,
  description: string | null | undefined,
  parameters: Record<string, unknown> | null | undefined,
): CanonicalTool {
  const schema = (parameters ?? { properties: {}, type: "object" }) as JsonObject;
  const fn: CanonicalTool["function"] = description ? { description, name, parameters: schema } : { name, parameters: schema };
  return { function: fn, type: "function" };
}

export function transcriptOf(parts: {
  messages: CanonicalMessage[];
  tools: CanonicalTool[];
  metadata: JsonObject;
  toolChoice?: JsonValue | null;
  parallelToolCalls?: boolean | null;
}): CanonicalTranscript {
  return {
    messages: parts.messages,
    metadata: parts.metadata,
    ...(typeof parts.parallelToolCalls === "boolean" ? { parallel_tool_calls: parts.parallelToolCalls } : {}),
    ...(parts.toolChoice !== undefined && parts.toolChoice !== null ? { tool_choice: parts.toolChoice } : {}),
    tools: parts.tools,
  };
}
