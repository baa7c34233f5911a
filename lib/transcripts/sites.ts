import type { CanonicalTranscript, JsonValue, ParsedArguments, ToolCallSite } from "./types";

export function parseArguments(raw: string): ParsedArguments {
  try {
    return { ok: true, value: JSON.parse(raw) as JsonValue };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Every tool call of a transcript, in order, linked to its tool response when there is one. */
export function extractToolCallSites(transcript: CanonicalTranscript): ToolCallSite[] {
  const responses = new Map<string, number>();
  transcript.messages.forEach((message, index) => {
    // The first response for an id wins: a duplicate response is a warning, not a new link.
    if (message.role === "tool" && !responses.has(message.tool_call_id)) responses.set(message.tool_call_id, index);
  });
  const linked = new Set<string>();
  const sites: ToolCallSite[] = [];
  transcript.messages.forEach((message, messageIndex) => {
    if (message.role !== "assistant" || !message.tool_calls) return;
    message.tool_calls.forEach((call, position) => {
      // With duplicate call ids, only the first call owns the response.
      const candidate = responses.get(call.id);
      const responseIndex = candidate !== undefined && candidate > messageIndex && !linked.has(call.id) ? candidate : null;
      if (responseIndex !== null) linked.add(call.id);
      const response = responseIndex === null ? null : transcript.messages[responseIndex];
      sites.push({
        callId: call.id,
        messageIndex,
        position,
        ordinal: sites.length + 1,
        toolName: call.function.name,
        rawArguments: call.function.arguments,
        arguments: parseArguments(call.function.arguments),
        responseIndex,
        response: response ? (response.content as string) : null,
      });
    });
  });
  return sites;
}
