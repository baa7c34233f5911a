import type { CanonicalMessage, CanonicalTool, JsonValue } from "./types";

/** The stored transcript as an OpenAI chat document, the form users upload and download. */
export function canonicalDocument(t: { name: string; messages: CanonicalMessage[]; tools: CanonicalTool[]; metadata: JsonValue }) {
  return { name: t.name, metadata: t.metadata, messages: t.messages, tools: t.tools };
}
