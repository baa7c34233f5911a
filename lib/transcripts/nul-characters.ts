import { formatPath } from "./json-path";
import type { ImportSuccess } from "./import-types";

const NUL = "\u0000";

/** The path of the first string or object key in `value` that holds a NUL character, or null. */
export function firstNulPath(value: unknown, path: PropertyKey[] = []): string | null {
  if (typeof value === "string") return value.includes(NUL) ? formatPath(path) : null;
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstNulPath(item, [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return formatPath([...path, key]);
    const found = firstNulPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Where an imported transcript holds a NUL character (U+0000), which PostgreSQL stores in neither
 * text nor jsonb: in its messages, tools or metadata (paths as in the transcript, which are the
 * input's for OpenAI chat), or in a call's arguments once parsed (`"\u0000"` escaped in their JSON
 * text). Null when there is none.
 */
export function nulCharacterPath(outcome: Pick<ImportSuccess, "name" | "transcript" | "sites">): string | null {
  const { messages, tools, metadata } = outcome.transcript;
  // The name last: it is mostly made of the first user message, which is where the NUL is then.
  const inTranscript = firstNulPath({ messages, tools, metadata }) ?? firstNulPath({ name: outcome.name });
  if (inTranscript !== null) return inTranscript;
  for (const site of outcome.sites) {
    if (site.arguments.ok && firstNulPath(site.arguments.value) !== null) return `messages[${site.messageIndex}].tool_calls[${site.position}].function.arguments`;
  }
  return null;
}

/** Why a value with a NUL character at `path` is refused, and what to do about it. */
export function nulCharacterMessage(path: string): string {
  return `${path} contains a NUL character (\\u0000), which PostgreSQL cannot store: remove it, or replace it (e.g. with U+FFFD)`;
}

/** Throws nulCharacterMessage when the transcript holds a NUL character: for writers to PostgreSQL that fail a transcript by throwing. */
export function refuseNulCharacters(outcome: Pick<ImportSuccess, "name" | "transcript" | "sites">): void {
  const path = nulCharacterPath(outcome);
  if (path !== null) throw new Error(nulCharacterMessage(path));
}
