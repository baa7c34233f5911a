/**
 * The canonical transcript every accepted format is converted into. It is the OpenAI
 * Chat Completions shape, normalised: the reference format of the domain, and what the
 * judges (OpenAI-compatible, Composo) are sent, so no judge needs a second converter.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface CanonicalToolCall {
  id: string;
  type: "function";
  function: {
    name: string;
    /** Raw arguments as the agent produced them: may be invalid JSON, which is itself evaluated. */
    arguments: string;
  };
}

export type CanonicalMessage =
  | { role: "system"; content: string; name?: string }
  | { role: "user"; content: string; name?: string }
  | { role: "assistant"; content: string | null; name?: string; tool_calls?: CanonicalToolCall[] }
  | { role: "tool"; content: string; tool_call_id: string; name?: string };

export interface CanonicalTool {
  type: "function";
  function: {
    name: string;
    description?: string;
    /** JSON Schema of the arguments object. */
    parameters: JsonObject;
  };
}

/** `otlp`: assembled from OpenTelemetry spans (OTLP endpoint, OTLP JSON file or Phoenix span export). */
export type TranscriptFormat = "openai-chat" | "eval-request" | "anthropic" | "openai-responses" | "otlp";

export interface CanonicalTranscript {
  name?: string;
  messages: CanonicalMessage[];
  tools: CanonicalTool[];
  metadata: JsonObject;
  tool_choice?: JsonValue;
  parallel_tool_calls?: boolean;
  /**
   * The calls the transcript should have made (lib/references), as stored: JSON text that keeps
   * Python's reading of numbers. Attached data, not content: it is not part of the content hash.
   */
  referenceText?: string;
}

/** Arguments parsed once at import; a parse failure is kept, not thrown. */
export type ParsedArguments = { ok: true; value: JsonValue } | { ok: false; error: string };

/** One tool call inside one transcript: the unit of evaluation. */
export interface ToolCallSite {
  callId: string;
  /** Index of the assistant message that holds the call. */
  messageIndex: number;
  /** Index among the parallel calls of that message. */
  position: number;
  /** 1-based number of the call within its transcript. */
  ordinal: number;
  toolName: string;
  rawArguments: string;
  arguments: ParsedArguments;
  /** Index of the matching `tool` message, or null when the call has no response. */
  responseIndex: number | null;
  response: string | null;
}
