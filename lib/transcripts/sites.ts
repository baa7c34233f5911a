import { callKey, pairResponses } from "./pair-responses";
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
  const { responseOf } = pairResponses(transcript.messages);
  const sites: ToolCallSite[] = [];
  transcript.messages.forEach((message, messageIndex) => {
    if (message.role !== "assistant" || !message.tool_calls) return;
    message.tool_calls.forEach((call, position) => {
      const responseIndex = responseOf.get(callKey(messageIndex, position)) ?? null;
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
