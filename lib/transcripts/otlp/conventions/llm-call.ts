import type { CanonicalMessage, CanonicalTool, JsonValue } from "../../types";
import type { OtelSpan } from "../span";

/** What one LLM span says, whichever convention it follows. */
export interface LlmCall {
  span: OtelSpan;
  convention: "openinference" | "gen_ai" | "openllmetry";
  input: CanonicalMessage[];
  /** The model's answer: assistant messages (usually one). */
  output: CanonicalMessage[];
  tools: CanonicalTool[];
  model?: string;
}

/** What one tool span says: the call it ran and how it ended. */
export interface ToolRun {
  span: OtelSpan;
  name: string;
  callId?: string;
  arguments?: string;
  result?: string;
  /** The span ended with status ERROR: its message, or the error type. */
  error?: string;
}

/** A span attribute that could not be read as its convention says: reported, never fatal. */
export interface AttributeProblem {
  spanId: string;
  attribute: string;
  message: string;
}

export type Problems = AttributeProblem[];

export function problem(problems: Problems, span: OtelSpan, attribute: string, message: string): void {
  problems.push({ spanId: span.spanId, attribute, message });
}

/** A text attribute; numbers and booleans are read as text with a warning, other kinds are left out. */
export function text(span: OtelSpan, key: string, problems: Problems): string | undefined {
  const value = span.attributes[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") {
    problem(problems, span, key, `expected a string, got a ${typeof value} (${String(value)}); read as text`);
    return String(value);
  }
  problem(problems, span, key, `expected a string, got ${Array.isArray(value) ? "an array" : "an object"}; left out`);
  return undefined;
}

/** Any value as the text a tool message carries: strings as they are, structures as JSON. */
export function asText(value: JsonValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Flattened indexed attributes (`prefix.<i>.<rest>`), grouped by index in ascending order:
 * OpenInference's `llm.input_messages.0.message.role` and OpenLLMetry's `gen_ai.prompt.0.role`.
 */
export function indexed(attributes: Record<string, JsonValue>, prefix: string): { index: number; fields: Record<string, JsonValue> }[] {
  const groups = new Map<number, Record<string, JsonValue>>();
  for (const key in attributes) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const dot = rest.indexOf(".");
    const head = dot === -1 ? rest : rest.slice(0, dot);
    if (!/^\d{1,6}$/.test(head)) continue;
    const index = Number(head);
    let fields = groups.get(index);
    if (!fields) groups.set(index, (fields = {}));
    fields[dot === -1 ? "" : rest.slice(dot + 1)] = attributes[key];
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([index, fields]) => ({ index, fields }));
}

/** A JSON value kept in a string attribute, or the value itself when it already is structured. */
export function jsonAttribute(value: JsonValue | undefined): { ok: true; value: JsonValue } | { ok: false; error: string } | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as JsonValue };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
