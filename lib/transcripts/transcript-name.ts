import type { CanonicalTranscript } from "./types";
import { trimEndMatching } from "@/lib/platform/text-trim";

const MAX_DERIVED = 80;

/**
 * A name a person recognises in a list: an explicit one, then metadata, then the start of
 * the first user message, then the item's place in its file.
 */
export function transcriptName(
  explicit: string | null | undefined,
  transcript: CanonicalTranscript,
  file: string,
  ordinal: number,
): string {
  const given = [explicit, stringAt(transcript.metadata.name), stringAt(transcript.metadata.title)];
  for (const name of given) {
    const cleaned = name?.replace(/\s+/g, " ").trim();
    if (cleaned) return cleaned;
  }
  for (const message of transcript.messages) {
    if (message.role !== "user") continue;
    const text = message.content.replace(/\s+/g, " ").trim();
    if (text) return truncate(text);
  }
  return `${file} #${ordinal}`;
}

function stringAt(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** At most MAX_DERIVED characters, cut at a word boundary when one is near. */
function truncate(text: string): string {
  if (text.length <= MAX_DERIVED) return text;
  const cut = text.slice(0, MAX_DERIVED - 1);
  const space = cut.lastIndexOf(" ");
  const kept = space >= MAX_DERIVED / 2 ? cut.slice(0, space) : cut;
  return `${trimEndMatching(kept, /[\s,;:.]/)}…`;
}
