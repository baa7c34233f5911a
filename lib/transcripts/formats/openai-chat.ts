import type { CanonicalMessage, CanonicalTool, CanonicalToolCall } from "../types";
import { asJsonObject, asJsonValue } from "./schema-helpers";
import {
  assistantMessage,
  functionTool,
  systemMessage,
  toolCall,
  toolMessage,
  transcriptOf,
  userMessage,
} from "./canonical-builders";
import { type Conversion, ConversionWarnings, joinText, placeholderFor } from "./conversion";
import type { ChatContentInput, ChatMessageInput, OpenAiChatInput } from "./openai-chat-schema";

export function convertOpenAiChat(input: OpenAiChatInput): Conversion {
  const warnings = new ConversionWarnings();
  const transcript = transcriptOf({
    messages: convertMessages(input.messages, warnings),
    tools: convertTools(input, warnings),
    metadata: input.metadata ? asJsonObject(input.metadata) : {},
    toolChoice: asJsonValue(input.tool_choice ?? legacyToolChoice(input.function_call)),
    parallelToolCalls: input.parallel_tool_calls,
  });
  return { transcript, warnings: warnings.list };
}

function convertMessages(input: ChatMessageInput[], warnings: ConversionWarnings): CanonicalMessage[] {
  const messages: CanonicalMessage[] = [];
  // Legacy function calls have no id: a `function` message answers the latest open call of that name.
  const openLegacyCalls: { id: string; name: string }[] = [];

  for (let i = 0; i < input.length; i++) {
    const message = input[i];
    const path = `messages[${i}].content`;
    const at = messages.length;
    switch (message.role) {
      case "system":
      case "developer":
        messages.push(systemMessage(contentText(message.content, path, at, warnings) ?? "", message.name));
        break;
      case "user":
        messages.push(userMessage(contentText(message.content, path, at, warnings) ?? "", message.name));
        break;
      case "assistant": {
        const calls: CanonicalToolCall[] = [];
        for (const call of message.tool_calls ?? []) calls.push(toolCall(call.id, call.function.name, call.function.arguments));
        if (message.function_call) {
          const id = `function_call_${i}`;
          calls.push(toolCall(id, message.function_call.name, message.function_call.arguments));
          openLegacyCalls.push({ id, name: message.function_call.name });
        }
        const content = contentText(message.content, path, at, warnings) ?? message.refusal ?? null;
        messages.push(assistantMessage(content, calls, message.name));
        break;
      }
      case "tool":
        messages.push(toolMessage(contentText(message.content, path, at, warnings) ?? "", message.tool_call_id, message.name));
        break;
      case "function": {
        const open = findLastIndex(openLegacyCalls, (c) => c.name === message.name);
        // An unanswerable legacy response keeps a made-up id: the consistency check then reports it.
        const id = open >= 0 ? openLegacyCalls.splice(open, 1)[0].id : `function_response_${i}`;
        messages.push(toolMessage(contentText(message.content, path, at, warnings) ?? "", id, message.name));
        break;
      }
    }
  }
  return messages;
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
      tools.push(functionTool(tool.function.name, tool.function.description, tool.function.parameters));
    } else {
      warnings.add("unsupported_tool", `tools[${i}]: a \`${tool.type}\` tool is not a function tool; it was left out`, {
        path: `tools[${i}]`,
      });
    }
  });
  for (const fn of input.functions ?? []) tools.push(functionTool(fn.name, fn.description, fn.parameters));
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
  return { function: { name: functionCall.name }, type: "function" };
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i])) return i;
  return -1;
}
