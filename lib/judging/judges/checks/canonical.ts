import type { JsonValue } from "@/lib/transcripts/types";
import { sharedCache } from "./shared-caches";

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

/** Parsed arguments, or the trimmed text of arguments that are not JSON. */
type Parsed = { json: true; value: JsonValue } | { json: false; text: string };

const parsedCache = sharedCache(new Map<string, Parsed>());

function parsed(raw: string): Parsed {
  let known = parsedCache.get(raw);
  if (known === undefined) {
    try {
      known = { json: true, value: JSON.parse(raw) as JsonValue };
    } catch {
      known = { json: false, text: raw.trim() };
    }
    // Bounded: only recent calls are ever compared with each other.
    if (parsedCache.size >= 10_000) parsedCache.clear();
    parsedCache.set(raw, known);
  }
  return known;
}

/** JSON writes a number too large for a double (1e999) as null: so does the canonical form. */
const finite = (value: JsonValue): JsonValue => (typeof value === "number" && !Number.isFinite(value) ? null : value);

/** Structural equality of parsed JSON, ignoring key order: equal canonical forms. */
function sameJson(left: JsonValue, right: JsonValue): boolean {
  const a = finite(left);
  const b = finite(right);
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameJson(a[key], b[key])) return false;
  return true;
}

/**
 * Whether two calls pass the same arguments, ignoring key order and whitespace: the same as
 * comparing `canonicalArguments`, without building (and sorting) a canonical text per call.
 */
export function sameArguments(a: string, b: string): boolean {
  if (a === b) return true;
  const first = parsed(a);
  const second = parsed(b);
  if (first.json && second.json) return sameJson(first.value, second.value);
  // Text that is not JSON never equals the canonical text of JSON (that would parse).
  return !first.json && !second.json && first.text === second.text;
}
