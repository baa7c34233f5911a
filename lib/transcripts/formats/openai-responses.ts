import type { CanonicalMessage, CanonicalTool, JsonValue } from "../types";
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
import {
  asKnownItem,
  asKnownPart,
  type OpenAiResponsesInput,
  type ResponsesItemInput,
  type ResponsesPartsContent,
} from "./openai-responses-schema";

/** Items that carry no conversation content: reasoning is not what tool calls are judged on. */
const SILENT_ITEMS = new Set(["reasoning"]);

export function convertOpenAiResponses(input: OpenAiResponsesInput): Conversion {
  const warnings = new ConversionWarnings();
  const messages: CanonicalMessage[] = [];
  if (input.instructions) messages.push(systemMessage(input.instructions));
  if (typeof input.input === "string") messages.push(userMessage(input.input));
  else input.input.forEach((item, i) => convertItem(item, `input[${i}]`, messages, warnings));
  (input.output ?? []).forEach((item, i) => convertItem(item, `output[${i}]`, messages, warnings));

  const transcript = transcriptOf({
    messages,
    tools: convertTools(input, warnings),
    metadata: input.metadata ? asJsonObject(input.metadata) : {},
    toolChoice: input.tool_choice === undefined || input.tool_choice === null ? undefined : toolChoice(input.tool_choice),
    parallelToolCalls: input.parallel_tool_calls,
  });
  return { transcript, warnings: warnings.list };
}

function convertItem(item: ResponsesItemInput, path: string, messages: CanonicalMessage[], warnings: ConversionWarnings): void {
  const known = asKnownItem(item);
  if (!known) {
    warnings.add("unsupported_item", `${path}: a \`${item.type}\` item is not imported`, { messageIndex: messages.length, path });
    return;
  }
  switch (known.type) {
    case undefined:
    case "message": {
      const content = partsText(known.content, `${path}.content`, messages.length, warnings);
      if (known.role === "assistant") messages.push(assistantMessage(content));
      else messages.push(known.role === "user" ? userMessage(content) : systemMessage(content));
      return;
    }
    case "function_call": {
      const call = toolCall(known.call_id, known.name, known.arguments);
      // Responses lists an answer's text and each parallel call as separate items; Chat holds
      // them in one assistant message, so calls join the assistant message right before them.
      const last = messages[messages.length - 1];
      if (last?.role === "assistant") last.tool_calls = [...(last.tool_calls ?? []), call];
      else messages.push(assistantMessage(null, [call]));
      return;
    }
    case "function_call_output":
      messages.push(toolMessage(partsText(known.output, `${path}.output`, messages.length, warnings), known.call_id));
      return;
    default:
      if (!SILENT_ITEMS.has(known.type)) {
        warnings.add("unsupported_item", `${path}: a \`${known.type}\` item is not imported`, { messageIndex: messages.length, path });
      }
  }
}

function partsText(content: ResponsesPartsContent, path: string, messageIndex: number, warnings: ConversionWarnings): string {
  if (typeof content === "string") return content;
  const pieces: string[] = [];
  const replaced: string[] = [];
  for (const part of content) {
    const known = asKnownPart(part);
    if (known?.type === "refusal") pieces.push(known.refusal);
    else if (known) pieces.push(known.text);
    else {
      const placeholder = placeholderFor(part.type);
      pieces.push(placeholder.text);
      replaced.push(placeholder.kind);
    }
  }
  warnings.placeholders(path, messageIndex, replaced);
  return joinText(pieces);
}

function convertTools(input: OpenAiResponsesInput, warnings: ConversionWarnings): CanonicalTool[] {
  const tools: CanonicalTool[] = [];
  (input.tools ?? []).forEach((tool, i) => {
    if (tool.type === "function" && typeof tool.name === "string") {
      const description = typeof tool.description === "string" ? tool.description : undefined;
      const parameters = isObject(tool.parameters) ? tool.parameters : undefined;
      tools.push(functionTool(tool.name, description, parameters));
    } else {
      warnings.add("unsupported_tool", `tools[${i}]: a \`${tool.type}\` tool is not a function tool; it was left out`, {
        path: `tools[${i}]`,
      });
    }
  });
  return tools;
}

/** Responses names a forced function flatly (`{type, name}`); Chat nests it (`{type, function: {name}}`). */
function toolChoice(choice: unknown): JsonValue {
  if (isObject(choice) && choice.type === "function" && typeof choice.name === "string") {
    return { function: { name: choice.name }, type: "function" };
  }
  return asJsonValue(choice);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
