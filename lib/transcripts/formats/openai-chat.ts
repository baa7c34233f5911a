import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, CanonicalTranscript } from "../types";
import { asJsonObject, asJsonValue } from "./schema-helpers";
import { canonicalTool, type Conversion, ConversionWarnings, joinText, placeholderFor, withName } from "./conversion";
import type { ChatContentInput, ChatMessageInput, OpenAiChatInput } from "./openai-chat-schema";

export function convertOpenAiChat(input: OpenAiChatInput): Conversion {
  const warnings = new ConversionWarnings();
  const messages = convertMessages(input.messages, warnings);
  const transcript: CanonicalTranscript = {
    messages,
    tools: convertTools(input, warnings),
    metadata: input.metadata ? asJsonObject(input.metadata) : {},
  };
  const toolChoice = input.tool_choice ?? legacyToolChoice(input.function_call);
  if (toolChoice !== undefined && toolChoice !== null) transcript.tool_choice = asJsonValue(toolChoice);
  if (typeof input.parallel_tool_calls === "boolean") transcript.parallel_tool_calls = input.parallel_tool_calls;
  return { transcript, warnings: warnings.list };
}

function convertMessages(input: ChatMessageInput[], warnings: ConversionWarnings): CanonicalMessage[] {
  const messages: CanonicalMessage[] = [];
  // Legacy function calls have no id: a `function` message answers the latest open call of that name.
  const openLegacyCalls: { id: string; name: string }[] = [];

  input.forEach((message, i) => {
    const path = `messages[${i}]`;
    const at = messages.length;
    const text = (content: ChatContentInput | undefined) => contentText(content, `${path}.content`, at, warnings);
    switch (message.role) {
      case "system":
      case "developer":
        messages.push(withName({ role: "system", content: text(message.content) ?? "" }, message.name));
        break;
      case "user":
        messages.push(withName({ role: "user", content: text(message.content) ?? "" }, message.name));
        break;
      case "assistant": {
        const toolCalls: CanonicalToolCall[] = (message.tool_calls ?? []).map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.function.name, arguments: call.function.arguments },
        }));
        if (message.function_call) {
          const id = `function_call_${i}`;
          toolCalls.push({ id, type: "function", function: { ...pick(message.function_call) } });
          openLegacyCalls.push({ id, name: message.function_call.name });
        }
        const content = text(message.content) ?? message.refusal ?? null;
        const assistant: CanonicalMessage = withName({ role: "assistant", content }, message.name);
        if (toolCalls.length > 0) assistant.tool_calls = toolCalls;
        messages.push(assistant);
        break;
      }
      case "tool":
        messages.push(
          withName({ role: "tool", content: text(message.content) ?? "", tool_call_id: message.tool_call_id }, message.name),
        );
        break;
      case "function": {
        const open = findLastIndex(openLegacyCalls, (c) => c.name === message.name);
        // An unanswerable legacy response keeps a made-up id: the consistency check then reports it.
        const id = open >= 0 ? openLegacyCalls.splice(open, 1)[0].id : `function_response_${i}`;
        messages.push({ role: "tool", content: text(message.content) ?? "", tool_call_id: id, name: message.name });
        break;
      }
    }
  });
  return messages;
}

function pick(call: { name: string; arguments: string }): { name: string; arguments: string } {
  return { name: call.name, arguments: call.arguments };
}

/** String as is; parts joined with placeholders for what is not text; null stays null. */
function contentText(
  content: ChatContentInput | undefined,
  path: string,
  messageIndex: number,
  warnings: ConversionWarnings,
): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === "string") return content;
  const pieces: string[] = [];
  const replaced: string[] = [];
  for (const part of content) {
    if (part.type === "text" && "text" in part && typeof part.text === "string") pieces.push(part.text);
    else if (part.type === "refusal" && "refusal" in part && typeof part.refusal === "string") pieces.push(part.refusal);
    else {
      const placeholder = placeholderFor(part.type);
      pieces.push(placeholder.text);
      replaced.push(placeholder.kind);
    }
  }
  warnings.placeholders(path, messageIndex, replaced);
  return joinText(pieces);
}

function convertTools(input: OpenAiChatInput, warnings: ConversionWarnings): CanonicalTool[] {
  const tools: CanonicalTool[] = [];
  (input.tools ?? []).forEach((tool, i) => {
    if (tool.type === "function" && "function" in tool && isFunctionDefinition(tool.function)) {
      tools.push(canonicalTool(tool.function.name, tool.function.description, tool.function.parameters));
    } else {
      warnings.add("unsupported_tool", `tools[${i}]: a \`${tool.type}\` tool is not a function tool; it was left out`, {
        path: `tools[${i}]`,
      });
    }
  });
  for (const fn of input.functions ?? []) tools.push(canonicalTool(fn.name, fn.description, fn.parameters));
  return tools;
}

function isFunctionDefinition(
  value: unknown,
): value is { name: string; description?: string | null; parameters?: Record<string, unknown> | null } {
  return typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string";
}

function legacyToolChoice(functionCall: OpenAiChatInput["function_call"]): unknown {
  if (functionCall === undefined || functionCall === null) return undefined;
  if (typeof functionCall === "string") return functionCall;
  return { type: "function", function: { name: functionCall.name } };
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i])) return i;
  return -1;
}
