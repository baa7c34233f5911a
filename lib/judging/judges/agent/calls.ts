import { callKey, pairResponses } from "@/lib/transcripts/pair-responses";
import type { CanonicalMessage, CanonicalTool, CanonicalToolCall } from "@/lib/transcripts/types";
import { responseStatus, type ResponseStatus } from "../checks/response-status";
import { toolKind } from "../checks/tool-kind";
import type { TranscriptView } from "./types";

/** One call of a transcript with what the agent got back, read once for every agent-level check. */
export interface TranscriptCall {
  call: CanonicalToolCall;
  messageIndex: number;
  position: number;
  tool: CanonicalTool | undefined;
  changesState: boolean;
  /** The verb that says what the tool does ("cancel"), or null. */
  verb: string | null;
  /** Null when the call has no response. */
  status: ResponseStatus | null;
  responseIndex: number | null;
}

export function transcriptCalls(view: TranscriptView): TranscriptCall[] {
  const { responseOf } = pairResponses(view.messages);
  const calls: TranscriptCall[] = [];
  view.messages.forEach((message, messageIndex) => {
    if (message.role !== "assistant") return;
    (message.tool_calls ?? []).forEach((call, position) => {
      const tool = view.tools.find((candidate) => candidate.function.name === call.function.name);
      const responseIndex = responseOf.get(callKey(messageIndex, position)) ?? null;
      const response = responseIndex === null ? undefined : view.messages[responseIndex];
      const kind = tool ? toolKind(tool) : null;
      calls.push({
        call,
        messageIndex,
        position,
        tool,
        changesState: kind?.changesState ?? false,
        verb: kind?.verb ?? null,
        status: response?.role === "tool" ? responseStatus(response.content) : null,
        responseIndex,
      });
    });
  });
  return calls;
}

/** The assistant's last message with text: its final answer, if it gave one. */
export function finalAnswer(messages: readonly CanonicalMessage[]): { index: number; text: string } | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.role === "assistant" && typeof message.content === "string" && message.content.trim()) return { index, text: message.content };
  }
  return null;
}
