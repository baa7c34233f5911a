import { z } from "zod";
import { systemMessage, toolCall, toolMessage } from "../../formats/canonical-builders";
import type { CanonicalMessage, CanonicalTool, CanonicalToolCall, JsonValue } from "../../types";
import type { OtelSpan } from "../span";
import { asText, indexed, jsonAttribute, type LlmCall, problem, type Problems, text, type ToolRun } from "./llm-call";
import { toMessage, toolFromSchema, toolRun } from "./openinference";

/**
 * The OpenTelemetry GenAI semantic conventions: `gen_ai.input.messages`, `gen_ai.output.messages`,
 * `gen_ai.system_instructions` and `gen_ai.tool.definitions` (JSON, or structured attributes),
 * and `execute_tool` spans with `gen_ai.tool.name` and `gen_ai.tool.call.{id,arguments,result}`.
 * The message JSON is validated with zod; a part of an unknown type is skipped, not fatal.
 */

const LLM_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "completion"]);

export function isGenAiLlm(span: OtelSpan): boolean {
  const a = span.attributes;
  if ("gen_ai.input.messages" in a || "gen_ai.output.messages" in a) return true;
  const operation = a["gen_ai.operation.name"];
  return typeof operation === "string" && LLM_OPERATIONS.has(operation);
}

export function isGenAiTool(span: OtelSpan): boolean {
  return span.attributes["gen_ai.operation.name"] === "execute_tool";
}

const part = z.looseObject({ type: z.string() });
const message = z.looseObject({ role: z.string(), parts: z.array(part).default([]), name: z.string().nullish(), finish_reason: z.string().nullish() });
const messages = z.array(message);
const instructions = z.array(part);

export function readGenAiLlm(span: OtelSpan, problems: Problems): LlmCall {
  const input: CanonicalMessage[] = [];
  const system = parseAttribute(span, "gen_ai.system_instructions", instructions, problems);
  if (system) {
    const content = system.map((p) => partText(p)).filter((t): t is string => t !== undefined).join("\n");
    if (content) input.push(systemMessage(content));
  }
  const inputs = parseAttribute(span, "gen_ai.input.messages", messages, problems) ?? [];
  inputs.forEach((m, i) => input.push(...convertMessage(span, m, `gen_ai.input.messages[${i}]`, problems)));
  const outputs = parseAttribute(span, "gen_ai.output.messages", messages, problems) ?? [];
  const output = outputs.flatMap((m, i) => convertMessage(span, m, `gen_ai.output.messages[${i}]`, problems)).filter((m) => m.role === "assistant");
  const model = text(span, "gen_ai.response.model", problems) ?? text(span, "gen_ai.request.model", problems);
  return { span, convention: "gen_ai", input, output, tools: genAiTools(span, "gen_ai.tool.definitions", problems), ...(model ? { model } : {}) };
}

function parseAttribute<T>(span: OtelSpan, key: string, schema: z.ZodType<T>, problems: Problems): T | undefined {
  const parsed = jsonAttribute(span.attributes[key]);
  if (!parsed) return undefined;
  if (!parsed.ok) {
    problem(problems, span, key, `not valid JSON (${parsed.error}); left out`);
    return undefined;
  }
  const result = schema.safeParse(parsed.value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  problem(problems, span, `${key}${issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}`, `${issue.message}; the attribute is left out`);
  return undefined;
}

type Part = z.infer<typeof part>;

function partText(p: Part): string | undefined {
  if (p.type === "text" || p.type === "reasoning") return typeof p.content === "string" ? p.content : undefined;
  if (p.type === "blob" || p.type === "uri" || p.type === "file") return `[${typeof p.modality === "string" ? p.modality : "file"}]`;
  return undefined;
}

/** One GenAI message: text parts join, tool_call parts become calls, each tool_call_response its own tool message. */
function convertMessage(span: OtelSpan, m: z.infer<typeof message>, path: string, problems: Problems): CanonicalMessage[] {
  const texts: string[] = [];
  const calls: CanonicalToolCall[] = [];
  const responses: CanonicalMessage[] = [];
  m.parts.forEach((p, k) => {
    if (p.type === "tool_call") {
      const name = asText(p.name as JsonValue);
      if (!name) return problem(problems, span, `${path}.parts[${k}].name`, "a tool call without a name; left out");
      const id = asText(p.id as JsonValue) ?? `call_${span.spanId}_${calls.length}`;
      calls.push(toolCall(id, name, asText(p.arguments as JsonValue) ?? "{}"));
    } else if (p.type === "tool_call_response") {
      responses.push(toolMessage(asText(p.response as JsonValue) ?? asText(p.result as JsonValue) ?? "", asText(p.id as JsonValue) ?? ""));
    } else {
      const t = partText(p);
      if (t !== undefined) texts.push(t);
      else problem(problems, span, `${path}.parts[${k}]`, `a part of type ${JSON.stringify(p.type)} is not imported`);
    }
  });
  if (m.role === "tool" && responses.length > 0) return responses;
  const converted = toMessage(m.role, texts.length > 0 ? texts.join("\n") : undefined, calls, undefined, m.name ?? undefined);
  if (!converted) {
    problem(problems, span, `${path}.role`, `unknown role ${JSON.stringify(m.role)}; message left out`);
    return responses;
  }
  return [converted, ...responses];
}

function genAiTools(span: OtelSpan, key: string, problems: Problems): CanonicalTool[] {
  const parsed = jsonAttribute(span.attributes[key]);
  if (!parsed) return [];
  if (!parsed.ok || !Array.isArray(parsed.value)) {
    problem(problems, span, key, parsed.ok ? "expected a list of tool definitions; left out" : `not valid JSON (${parsed.error}); left out`);
    return [];
  }
  const tools: CanonicalTool[] = [];
  parsed.value.forEach((definition, i) => {
    const tool = toolFromSchema(definition);
    if (tool) tools.push(tool);
    else problem(problems, span, `${key}[${i}]`, "not a function tool definition; left out");
  });
  return tools;
}

export function readGenAiTool(span: OtelSpan, problems: Problems): ToolRun {
  const name = text(span, "gen_ai.tool.name", problems) ?? span.name.replace(/^execute_tool\s+/, "");
  return toolRun(span, name, text(span, "gen_ai.tool.call.id", problems), asText(span.attributes["gen_ai.tool.call.arguments"]), asText(span.attributes["gen_ai.tool.call.result"]));
}

/**
 * OpenLLMetry (Traceloop) before the GenAI message attributes: `gen_ai.prompt.<i>.*`,
 * `gen_ai.completion.<i>.*` with `tool_calls.<j>.{id,name,arguments}`, and offered tools in
 * `llm.request.functions.<i>.*`; tool spans have `traceloop.span.kind` = tool.
 */
export function isOpenLlmetryLlm(span: OtelSpan): boolean {
  for (const key in span.attributes) if (key.startsWith("gen_ai.prompt.") || key.startsWith("gen_ai.completion.")) return true;
  return span.attributes["llm.request.type"] === "chat";
}

export function isOpenLlmetryTool(span: OtelSpan): boolean {
  return span.attributes["traceloop.span.kind"] === "tool";
}

export function readOpenLlmetryLlm(span: OtelSpan, problems: Problems): LlmCall {
  const input = flatMessages(span, "gen_ai.prompt.", problems);
  const output = flatMessages(span, "gen_ai.completion.", problems).filter((m) => m.role === "assistant");
  const tools: CanonicalTool[] = [];
  for (const { index, fields } of indexed(span.attributes, "llm.request.functions.")) {
    const name = asText(fields.name);
    if (!name) continue;
    const parameters = jsonAttribute(fields.parameters);
    const schema = parameters?.ok ? parameters.value : undefined;
    if (parameters && !parameters.ok) problem(problems, span, `llm.request.functions.${index}.parameters`, `not valid JSON (${parameters.error}); read as no parameters`);
    const tool = toolFromSchema({ name, description: fields.description ?? null, parameters: schema ?? null });
    if (tool) tools.push(tool);
  }
  const model = text(span, "gen_ai.response.model", problems) ?? text(span, "gen_ai.request.model", problems);
  return { span, convention: "openllmetry", input, output, tools, ...(model ? { model } : {}) };
}

function flatMessages(span: OtelSpan, prefix: string, problems: Problems): CanonicalMessage[] {
  const out: CanonicalMessage[] = [];
  for (const { index, fields } of indexed(span.attributes, prefix)) {
    const str = (field: string): string | undefined => {
      const value = fields[field];
      if (value === undefined || value === null || typeof value === "string") return value ?? undefined;
      problem(problems, span, `${prefix}${index}.${field}`, `expected a string, got ${typeof value === "object" ? "a structure" : `a ${typeof value}`}; read as text`);
      return asText(value);
    };
    const calls: CanonicalToolCall[] = [];
    for (const call of indexed(fields, "tool_calls.")) {
      const name = asText(call.fields.name);
      if (!name) continue;
      calls.push(toolCall(asText(call.fields.id) ?? `call_${span.spanId}_${index}_${call.index}`, name, asText(call.fields.arguments) ?? "{}"));
    }
    const functionName = str("function_call.name");
    if (functionName) calls.push(toolCall(`function_call_${span.spanId}_${index}`, functionName, str("function_call.arguments") ?? "{}"));
    // A completion without a role is the assistant's.
    const role = str("role") ?? (prefix === "gen_ai.completion." ? "assistant" : undefined);
    const m = toMessage(role, str("content"), calls, str("tool_call_id"), str("name"));
    if (m) out.push(m);
    else problem(problems, span, `${prefix}${index}.role`, `unknown role ${JSON.stringify(role ?? null)}; message left out`);
  }
  return out;
}

export function readOpenLlmetryTool(span: OtelSpan, problems: Problems): ToolRun {
  const name = text(span, "traceloop.entity.name", problems) ?? span.name.replace(/\.tool$/, "");
  // traceloop.entity.input is {"args": [...], "kwargs": {...}}: the keyword arguments are the call's.
  const input = jsonAttribute(span.attributes["traceloop.entity.input"]);
  let args: string | undefined;
  if (input?.ok && typeof input.value === "object" && input.value !== null && !Array.isArray(input.value) && "kwargs" in input.value) args = asText(input.value.kwargs);
  else args = asText(span.attributes["traceloop.entity.input"]);
  const output = jsonAttribute(span.attributes["traceloop.entity.output"]);
  const result = output?.ok && typeof output.value === "string" ? output.value : asText(span.attributes["traceloop.entity.output"]);
  return toolRun(span, name, text(span, "gen_ai.tool.call.id", problems), args, result);
}
