import type { TranscriptFormat } from "./types";

/** The three shapes a transcript can have; an evaluation request is an OpenAI chat body plus criteria. */
export type BaseFormat = "openai-chat" | "anthropic" | "openai-responses";

export type Detection =
  | { ok: true; base: BaseFormat; format: TranscriptFormat }
  | { ok: false; message: string };

const ANTHROPIC_BLOCKS = new Set(["tool_use", "tool_result", "image", "document", "thinking", "redacted_thinking"]);
const OPENAI_PARTS = new Set(["image_url", "input_audio", "file", "refusal"]);
const OPENAI_ROLES = new Set(["system", "developer", "tool", "function"]);

/**
 * Decides which schema an item is validated against. It looks at a few tell-tale keys only:
 * the schema, not the detector, says what is wrong, with the path in the input.
 */
export function detectFormat(value: unknown): Detection {
  if (!isObject(value)) {
    if (Array.isArray(value)) return { ok: false, message: notAnObject("an array", value) };
    return { ok: false, message: `not a recognised transcript: expected an object, got ${kind(value)}` };
  }
  const criteria = "evaluation_criteria" in value;
  if ("messages" in value) {
    const base = looksAnthropic(value) ? "anthropic" : "openai-chat";
    return { ok: true, base, format: base === "openai-chat" && criteria ? "eval-request" : base };
  }
  if ("input" in value) return { ok: true, base: "openai-responses", format: "openai-responses" };
  return { ok: false, message: unknownObject(value) };
}

/**
 * Both formats use `messages`; a plain user/assistant exchange is valid as either and converts
 * to the same transcript, so only clear Anthropic signs that outnumber OpenAI ones switch format.
 */
function looksAnthropic(value: Record<string, unknown>): boolean {
  let anthropic = 0;
  let openai = 0;
  if ("system" in value) anthropic += 2;
  if (Array.isArray(value.tools)) {
    for (const tool of value.tools) {
      if (isObject(tool) && "input_schema" in tool) anthropic++;
      if (isObject(tool) && "function" in tool) openai++;
    }
  }
  if ("functions" in value || "function_call" in value) openai++;
  if (Array.isArray(value.messages)) {
    for (const message of value.messages) {
      if (!isObject(message)) continue;
      if (typeof message.role === "string" && OPENAI_ROLES.has(message.role)) openai++;
      if ("tool_calls" in message || "function_call" in message || "tool_call_id" in message) openai++;
      if (!Array.isArray(message.content)) continue;
      for (const part of message.content) {
        if (!isObject(part) || typeof part.type !== "string") continue;
        if (ANTHROPIC_BLOCKS.has(part.type)) anthropic++;
        if (OPENAI_PARTS.has(part.type)) openai++;
      }
    }
  }
  return anthropic > openai;
}

const EXPECTED = "expected `messages` (OpenAI chat / Anthropic) or `input` (OpenAI Responses)";

function unknownObject(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  if ("role" in value && "content" in value) {
    return `not a recognised transcript: this looks like a single message (it has \`role\` and \`content\`); ${EXPECTED}, e.g. {"messages": [...]}`;
  }
  if (Array.isArray(value.output)) {
    return `not a recognised transcript: an \`output\` array alone is not enough; ${EXPECTED}, with \`output\` appended after \`input\``;
  }
  const found = keys.length === 0 ? "an empty object" : `keys ${listKeys(keys)}`;
  return `not a recognised transcript: ${EXPECTED}; found ${found}`;
}

function notAnObject(got: string, value: unknown[]): string {
  const first = value[0];
  if (isObject(first) && "role" in first) {
    return `not a recognised transcript: got ${got} of messages; ${EXPECTED}, e.g. {"messages": [...]}`;
  }
  return `not a recognised transcript: expected an object, got ${got}`;
}

function listKeys(keys: string[]): string {
  const shown = keys.slice(0, 6).map((k) => `\`${k}\``);
  return keys.length > 6 ? `${shown.join(", ")} and ${keys.length - 6} more` : shown.join(", ");
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
