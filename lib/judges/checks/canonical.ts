import type { JsonValue } from "@/lib/transcripts/types";

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

const cache = new Map<string, string>();

/** Arguments in a form where key order and whitespace do not matter; raw text if not JSON. */
export function canonicalArguments(raw: string): string {
  let canonical = cache.get(raw);
  if (canonical === undefined) {
    canonical = canonicalize(raw);
    // Bounded: only recent calls are ever compared with each other.
    if (cache.size >= 10_000) cache.clear();
    cache.set(raw, canonical);
  }
  return canonical;
}

function canonicalize(raw: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw) as JsonValue));
  } catch {
    return raw.trim();
  }
}
