import type { JsonValue } from "@/lib/transcripts/types";

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

/** Arguments in a form where key order and whitespace do not matter; raw text if not JSON. */
export function canonicalArguments(raw: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw) as JsonValue));
  } catch {
    return raw.trim();
  }
}
