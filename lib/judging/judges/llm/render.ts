import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";

/** Longest text kept from one message or argument string; tool responses can be megabytes. */
export const MAX_TEXT_CHARS = 20_000;

export function clip(text: string, max: number = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.75);
  const tail = max - head;
  return `${text.slice(0, head)}\n[… ${text.length - max} characters omitted …]\n${text.slice(text.length - tail)}`;
}

const PROMPT_TAGS = /<(\/?)(criterion|view|tools|transcript|judged_call)\b/gi;

/** Transcript text that looks like one of the prompt's section tags is defused (‹ for <). */
export function neutralizeTags(text: string): string {
  return text.replace(PROMPT_TAGS, "‹$1$2");
}

function clipMessage(message: CanonicalMessage): CanonicalMessage {
  if (message.role !== "assistant") return { ...message, content: clip(message.content) };
  const clipped: CanonicalMessage = { ...message, content: message.content === null ? null : clip(message.content) };
  if (message.tool_calls) {
    clipped.tool_calls = message.tool_calls.map((call) => ({ ...call, function: { ...call.function, arguments: clip(call.function.arguments) } }));
  }
  return clipped;
}

/**
 * One JSON object per line, numbered with the transcript's own indices. JSON rather than
 * prose so that message text cannot forge a message boundary, and tags defused so that it
 * cannot close the <transcript> section either.
 */
export function renderMessages(messages: readonly { index: number; message: CanonicalMessage }[]): string {
  return messages.map(({ index, message }) => `[${index}] ${neutralizeTags(JSON.stringify(clipMessage(message)))}`).join("\n");
}

export function renderTools(tools: readonly CanonicalTool[]): string {
  if (!tools.length) return "(the agent was offered no tools)";
  return tools.map((tool) => neutralizeTags(JSON.stringify(tool))).join("\n");
}
