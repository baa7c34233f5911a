import { assistantMessage, functionTool, systemMessage, toolCall, toolMessage, userMessage } from "../../formats/canonical-builders";
import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonValue } from "../../types";
import { STATUS_ERROR, type OtelSpan } from "../span";
import { asText, indexed, jsonAttribute, type LlmCall, problem, type Problems, text, type ToolRun } from "./llm-call";

/**
 * OpenInference (Arize Phoenix's instrumentations): `openinference.span.kind` LLM / TOOL,
 * flattened `llm.input_messages.<i>.message.*`, `llm.output_messages.<i>.message.*`,
 * `llm.tools.<i>.tool.json_schema`, and `tool.*`, `input.value`, `output.value` on tool spans.
 */

export function isOpenInferenceLlm(span: OtelSpan): boolean {
  const kind = span.attributes["openinference.span.kind"];
  if (typeof kind === "string") return kind.toUpperCase() === "LLM";
  for (const key in span.attributes) if (key.startsWith("llm.input_messages.") || key.startsWith("llm.output_messages.")) return true;
  return false;
}

export function isOpenInferenceTool(span: OtelSpan): boolean {
  const kind = span.attributes["openinference.span.kind"];
  return typeof kind === "string" && kind.toUpperCase() === "TOOL";
}

export function readOpenInferenceLlm(span: OtelSpan, problems: Problems): LlmCall {
  let input = messagesAt(span, "llm.input_messages.", problems);
  if (input.length === 0) input = messagesFromInputValue(span, problems);
  const output = messagesAt(span, "llm.output_messages.", problems).filter((m) => m.role === "assistant");
  const model = text(span, "llm.model_name", problems);
  return { span, convention: "openinference", input, output, tools: toolsAt(span, problems), ...(model ? { model } : {}) };
}

function messagesAt(span: OtelSpan, prefix: string, problems: Problems): CanonicalMessage[] {
  const messages: CanonicalMessage[] = [];
  for (const { index, fields } of indexed(span.attributes, prefix)) {
    const at = (field: string) => `${prefix}${index}.${field}`;
    const str = (field: string) => readField(span, fields, field, at(field), problems);
    const role = str("message.role");
    const content = str("message.content") ?? contentsText(span, fields, at("message.contents"), problems);
    const calls: CanonicalToolCall[] = [];
    for (const call of indexed(fields, "message.tool_calls.")) {
      const callAt = (field: string) => at(`message.tool_calls.${call.index}.${field}`);
      const name = readField(span, call.fields, "tool_call.function.name", callAt("tool_call.function.name"), problems);
      if (!name) {
        problem(problems, span, callAt("tool_call.function.name"), "a tool call without a function name; left out");
        continue;
      }
      const id = readField(span, call.fields, "tool_call.id", callAt("tool_call.id"), problems) ?? `call_${span.spanId}_${index}_${call.index}`;
      calls.push(toolCall(id, name, readField(span, call.fields, "tool_call.function.arguments", callAt("tool_call.function.arguments"), problems) ?? "{}"));
    }
    // The legacy single function call of older OpenAI models.
    const functionName = str("message.function_call_name");
    if (functionName) calls.push(toolCall(`function_call_${span.spanId}_${index}`, functionName, str("message.function_call_arguments_json") ?? "{}"));
    const message = toMessage(role, content, calls, str("message.tool_call_id"), str("message.name"));
    if (message) messages.push(message);
    else problem(problems, span, at("message.role"), `unknown message role ${JSON.stringify(role ?? null)}; message left out`);
  }
  return messages;
}

/** A string field of a grouped attribute, with the same type warnings as a whole attribute. */
function readField(span: OtelSpan, fields: Record<string, JsonValue>, field: string, attribute: string, problems: Problems): string | undefined {
  const value = fields[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") {
    problem(problems, span, attribute, `expected a string, got a ${typeof value} (${String(value)}); read as text`);
    return String(value);
  }
  problem(problems, span, attribute, `expected a string, got ${Array.isArray(value) ? "an array" : "an object"}; left out`);
  return undefined;
}

function contentsText(span: OtelSpan, fields: Record<string, JsonValue>, attribute: string, problems: Problems): string | undefined {
  const parts: string[] = [];
  for (const part of indexed(fields, "message.contents.")) {
    const type = part.fields["message_content.type"];
    const partText = readField(span, part.fields, "message_content.text", `${attribute}.${part.index}.message_content.text`, problems);
    if (partText !== undefined) parts.push(partText);
    else if (type === "image") parts.push("[image]");
  }
  return parts.length > 0 ? parts.join("\n") : undefined;
}

export function toMessage(role: string | undefined, content: string | undefined, calls: CanonicalToolCall[], toolCallId: string | undefined, name: string | undefined): CanonicalMessage | null {
  switch (role?.toLowerCase()) {
    case "system":
    case "developer":
      return systemMessage(content ?? "", name);
    case "user":
    case "human":
      return userMessage(content ?? "", name);
    case "assistant":
    case "ai":
    case "model":
      return assistantMessage(content ?? null, calls, name);
    case "tool":
    case "function":
    case "ipython":
      return toolMessage(content ?? "", toolCallId ?? "", name);
    default:
      return null;
  }
}

function toolsAt(span: OtelSpan, problems: Problems): CanonicalTool[] {
  const tools: CanonicalTool[] = [];
  for (const { index, fields } of indexed(span.attributes, "llm.tools.")) {
    const attribute = `llm.tools.${index}.tool.json_schema`;
    const parsed = jsonAttribute(fields["tool.json_schema"]);
    if (!parsed) continue;
    const tool = parsed.ok ? toolFromSchema(parsed.value) : null;
    if (tool) tools.push(tool);
    else problem(problems, span, attribute, parsed.ok ? "not a function tool definition; left out" : `not valid JSON (${parsed.error}); left out`);
  }
  return tools;
}

/** `{type: "function", function: {...}}` (OpenAI) or a bare `{name, description, parameters}`. */
export function toolFromSchema(value: JsonValue): CanonicalTool | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const fn = typeof value.function === "object" && value.function !== null && !Array.isArray(value.function) ? value.function : value;
  const name = fn.name;
  if (typeof name !== "string" || name === "") return null;
  const parameters = fn.parameters ?? fn.input_schema ?? fn.inputSchema;
  const schema = typeof parameters === "object" && parameters !== null && !Array.isArray(parameters) ? parameters : null;
  return functionTool(name, typeof fn.description === "string" ? fn.description : null, schema);
}

/** Without flattened messages, `input.value` may hold the OpenAI request body itself. */
function messagesFromInputValue(span: OtelSpan, problems: Problems): CanonicalMessage[] {
  const parsed = jsonAttribute(span.attributes["input.value"]);
  if (!parsed?.ok || typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value)) return [];
  const list = parsed.value.messages;
  if (!Array.isArray(list)) return [];
  const messages: CanonicalMessage[] = [];
  list.forEach((item, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return;
    const calls = Array.isArray(item.tool_calls)
      ? item.tool_calls.flatMap((c, k) => {
          if (typeof c !== "object" || c === null || Array.isArray(c) || typeof c.function !== "object" || c.function === null || Array.isArray(c.function)) return [];
          const name = c.function.name;
          if (typeof name !== "string") return [];
          return [toolCall(typeof c.id === "string" ? c.id : `call_${span.spanId}_${i}_${k}`, name, asText(c.function.arguments) ?? "{}")];
        })
      : [];
    const content = typeof item.content === "string" ? item.content : undefined;
    const message = toMessage(asText(item.role), content, calls, asText(item.tool_call_id), asText(item.name));
    if (message) messages.push(message);
    else problem(problems, span, `input.value.messages[${i}]`, "a message of unknown role; left out");
  });
  return messages;
}

export function readOpenInferenceTool(span: OtelSpan, problems: Problems): ToolRun {
  const name = text(span, "tool.name", problems) ?? text(span, "tool_call.function.name", problems) ?? span.name;
  const callId = text(span, "tool_call.id", problems) ?? text(span, "tool.id", problems);
  const args = asText(span.attributes["tool_call.function.arguments"]) ?? asText(span.attributes["input.value"]);
  const result = asText(span.attributes["output.value"]);
  return toolRun(span, name, callId, args, result);
}

export function toolRun(span: OtelSpan, name: string, callId: string | undefined, args: string | undefined, result: string | undefined): ToolRun {
  const run: ToolRun = { span, name };
  if (callId) run.callId = callId;
  if (args !== undefined) run.arguments = args;
  if (result !== undefined) run.result = result;
  if (span.status.code === STATUS_ERROR) {
    const type = asText(span.attributes["error.type"]) ?? asText(span.attributes["exception.type"]);
    const exception = span.events.find((e) => e.name === "exception");
    const exceptionMessage = exception ? asText(exception.attributes["exception.message"]) : undefined;
    run.error = span.status.message || exceptionMessage || type || "the tool span ended with status ERROR";
  }
  return run;
}
