import type { CanonicalMessage } from "@/lib/transcripts/types";
import type { CallToMatch } from "./types";

/**
 * A transcript's calls in order, each marked failed when its tool answered with an error (as
 * `failed` reads a response). A reused call id is answered by the nearest earlier unanswered call
 * that has it, as agents that reuse ids mean.
 */
export function callsToMatch(messages: readonly CanonicalMessage[], failed: (response: string) => boolean, offset = 0): CallToMatch[] {
  const calls: CallToMatch[] = [];
  const unanswered = new Map<string, CallToMatch[]>();
  messages.forEach((message, index) => {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) {
        const entry: CallToMatch = { ordinal: calls.length + 1, messageIndex: offset + index, name: call.function.name, rawArguments: call.function.arguments, failed: false, respondedAt: null };
        calls.push(entry);
        const open = unanswered.get(call.id);
        if (open) open.push(entry);
        else unanswered.set(call.id, [entry]);
      }
    } else if (message.role === "tool") {
      const call = unanswered.get(message.tool_call_id)?.pop();
      if (call) {
        call.failed = failed(message.content);
        call.respondedAt = offset + index;
      }
    }
  });
  return calls;
}
