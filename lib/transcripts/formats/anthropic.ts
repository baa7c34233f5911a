import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonValue } from "../types";
import { asJsonObject } from "./schema-helpers";
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
import { type AnthropicBlockInput, type AnthropicInput, type AnthropicToolResultContent, asKnownBlock } from "./anthropic-schema";

/** Blocks that carry no conversation content: reasoning is not what tool calls are judged on. */
const SILENT_BLOCKS = new Set(["thinking", "redacted_thinking"]);

export function convertAnthropic(input: AnthropicInput): Conversion {
  const warnings = new ConversionWarnings();
  const messages: CanonicalMessage[] = [];
  if (input.system !== undefined && input.system !== null) {
    const system = typeof input.system === "string" ? input.system : joinText(input.system.map((b) => b.text));
    messages.push(systemMessage(system));
  }
  input.messages.forEach((message, i) => {
    const path = `messages[${i}].content`;
    if (typeof message.content === "string") {
      messages.push(message.role === "user" ? userMessage(message.content) : assistantMessage(message.content));
    } else if (message.role === "user") {
      convertUserBlocks(message.content, path, messages, warnings);
    } else {
      messages.push(assistantFromBlocks(message.content, path, messages.length, warnings));
    }
  });

  const transcript = transcriptOf({
    messages,
    tools: convertTools(input, warnings),
    metadata: input.metadata ? asJsonObject(input.metadata) : {},
    toolChoice: input.tool_choice ? toolChoice(input.tool_choice) : undefined,
    // Anthropic can only switch parallel calls off; saying nothing is the default.
    parallelToolCalls: input.tool_choice?.disable_parallel_tool_use === true ? false : undefined,
  });
  return { transcript, warnings: warnings.list };
}

/**
 * A user turn may hold tool results and text. Tool results become `tool` messages and
 * text becomes user messages, in their original order, so nothing is reordered.
 */
function convertUserBlocks(blocks: AnthropicBlockInput[], path: string, messages: CanonicalMessage[], warnings: ConversionWarnings): void {
  let pieces: string[] = [];
  let replaced: string[] = [];
  const flush = () => {
    if (pieces.length === 0) return;
    warnings.placeholders(path, messages.length, replaced);
    messages.push(userMessage(joinText(pieces)));
    pieces = [];
    replaced = [];
  };
  blocks.forEach((block, j) => {
    const known = asKnownBlock(block);
    if (known?.type === "tool_result") {
      flush();
      const resultPath = `${path}[${j}].content`;
      const text = toolResultText(known.content, resultPath, messages.length, warnings);
      messages.push(toolMessage(known.is_error ? markError(text) : text, known.tool_use_id));
      return;
    }
    const text = blockText(block, `${path}[${j}]`, messages.length, warnings, replaced);
    if (text !== null) pieces.push(text);
  });
  flush();
}

function assistantFromBlocks(
  blocks: AnthropicBlockInput[],
  path: string,
  messageIndex: number,
  warnings: ConversionWarnings,
): CanonicalMessage {
  const pieces: string[] = [];
  const replaced: string[] = [];
  const toolCalls: CanonicalToolCall[] = [];
  blocks.forEach((block, j) => {
    const known = asKnownBlock(block);
    if (known?.type === "tool_use") {
      // Anthropic sends parsed arguments; the canonical shape keeps the text the agent would have sent.
      toolCalls.push(toolCall(known.id, known.name, JSON.stringify(known.input)));
      return;
    }
    const text = blockText(block, `${path}[${j}]`, messageIndex, warnings, replaced);
    if (text !== null) pieces.push(text);
  });
  warnings.placeholders(path, messageIndex, replaced);
  return assistantMessage(pieces.length > 0 ? joinText(pieces) : null, toolCalls);
}

/** Text of a non-tool block; null for blocks that are skipped. */
function blockText(
  block: AnthropicBlockInput,
  path: string,
  messageIndex: number,
  warnings: ConversionWarnings,
  replaced: string[],
): string | null {
  const known = asKnownBlock(block);
  if (known?.type === "text") return known.text;
  if (SILENT_BLOCKS.has(block.type)) return null;
  if (block.type === "image" || block.type === "document") {
    const placeholder = placeholderFor(block.type);
    replaced.push(placeholder.kind);
    return placeholder.text;
  }
  warnings.add("unsupported_item", `${path}: a \`${block.type}\` block is not imported`, { messageIndex, path });
  return null;
}

function toolResultText(
  content: AnthropicToolResultContent | undefined,
  path: string,
  messageIndex: number,
  warnings: ConversionWarnings,
): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  const pieces: string[] = [];
  const replaced: string[] = [];
  for (const block of content) {
    if (block.type === "text" && "text" in block && typeof block.text === "string") pieces.push(block.text);
    else {
      const placeholder = placeholderFor(block.type);
      pieces.push(placeholder.text);
      replaced.push(placeholder.kind);
    }
  }
  warnings.placeholders(path, messageIndex, replaced);
  return joinText(pieces);
}

/**
 * The canonical `tool` message has no error flag (it is what OpenAI-shaped judges are sent),
 * so `is_error` is carried in the text, where every judge can see it.
 */
export function markError(text: string): string {
  return /^\s*error\b/i.test(text) ? text : text === "" ? "Error" : `Error: ${text}`;
}

function convertTools(input: AnthropicInput, warnings: ConversionWarnings): CanonicalTool[] {
  const tools: CanonicalTool[] = [];
  (input.tools ?? []).forEach((tool, i) => {
    if ("input_schema" in tool && tool.input_schema && "name" in tool && typeof tool.name === "string") {
      const description = "description" in tool && typeof tool.description === "string" ? tool.description : undefined;
      tools.push(functionTool(tool.name, description, tool.input_schema as Record<string, unknown>));
    } else {
      warnings.add("unsupported_tool", `tools[${i}]: the server tool \`${tool.type}\` is not a function tool; it was left out`, {
        path: `tools[${i}]`,
      });
    }
  });
  return tools;
}

function toolChoice(choice: NonNullable<AnthropicInput["tool_choice"]>): JsonValue {
  switch (choice.type) {
    case "any":
      return "required";
    case "tool":
      return choice.name ? { function: { name: choice.name }, type: "function" } : "required";
    default:
      return choice.type;
  }
}
