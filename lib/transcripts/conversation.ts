import type { CanonicalMessage, CanonicalTool } from "./types";

export interface CallView {
  ordinal: number;
  callId: string;
  toolName: string;
  rawArguments: string;
  /** Pretty-printed arguments, or null when they are not valid JSON (the raw string is shown instead). */
  prettyArguments: string | null;
  response: { index: number; content: string } | null;
}

export type ConversationBlock =
  | { kind: "message"; index: number; role: "system" | "user" | "assistant"; name?: string; content: string }
  | { kind: "calls"; index: number; content: string | null; calls: CallView[] }
  | { kind: "tool-response"; index: number; toolCallId: string; content: string; linked: false };

interface StoredCall {
  messageIndex: number;
  position: number;
  ordinal: number;
  callId: string;
  toolName: string;
  rawArguments: string;
  responseIndex: number | null;
}

export function prettyJson(raw: string): string | null {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return null;
  }
}

/**
 * The conversation as it is drawn: each assistant message with tool calls becomes one group of
 * numbered call cards carrying their responses, so linked tool messages are not drawn twice;
 * tool messages that answer no call stay in place.
 */
export function conversationBlocks(messages: CanonicalMessage[], calls: StoredCall[]): ConversationBlock[] {
  const callsByMessage = new Map<number, StoredCall[]>();
  const linkedResponses = new Set<number>();
  for (const call of calls) {
    const list = callsByMessage.get(call.messageIndex) ?? [];
    list.push(call);
    callsByMessage.set(call.messageIndex, list);
    if (call.responseIndex !== null) linkedResponses.add(call.responseIndex);
  }
  const blocks: ConversationBlock[] = [];
  messages.forEach((message, index) => {
    if (message.role === "tool") {
      if (!linkedResponses.has(index)) blocks.push({ kind: "tool-response", index, toolCallId: message.tool_call_id, content: message.content, linked: false });
      return;
    }
    const group = callsByMessage.get(index);
    if (message.role === "assistant" && group) {
      const content = message.content && message.content.trim() ? message.content : null;
      blocks.push({
        kind: "calls",
        index,
        content,
        calls: [...group]
          .sort((a, b) => a.position - b.position)
          .map((call) => {
            const response = call.responseIndex === null ? undefined : messages[call.responseIndex];
            return {
              ordinal: call.ordinal,
              callId: call.callId,
              toolName: call.toolName,
              rawArguments: call.rawArguments,
              prettyArguments: prettyJson(call.rawArguments),
              response: response && response.role === "tool" && call.responseIndex !== null ? { index: call.responseIndex, content: response.content } : null,
            };
          }),
      });
      return;
    }
    blocks.push({ kind: "message", index, role: message.role, name: message.name, content: message.content ?? "" });
  });
  return blocks;
}

/** Tools split into those the agent called and those it was offered but never called. */
export function splitTools(tools: CanonicalTool[], calledNames: Iterable<string>): { called: CanonicalTool[]; notCalled: CanonicalTool[] } {
  const called = new Set(calledNames);
  return {
    called: tools.filter((tool) => called.has(tool.function.name)),
    notCalled: tools.filter((tool) => !called.has(tool.function.name)),
  };
}
