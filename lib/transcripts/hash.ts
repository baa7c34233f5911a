import { createHash } from "node:crypto";

/** JSON with object keys sorted, so that key order never makes two equal transcripts differ. */
export function canonicalJson(value: unknown): string {
  // Fast path: copy with keys inserted in sorted order and let the native JSON.stringify write
  // it. Engines list integer-like keys ("0", "12") first whatever the insertion order, so values
  // holding such keys take the slow path, which gives the same text for everything else.
  const sorted = sortedCopy(value);
  return sorted === INTEGER_KEY ? slowCanonicalJson(value) : (JSON.stringify(sorted) ?? "null");
}

const INTEGER_KEY = Symbol("integer-like key");

function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedCopy(value[i]);
      if (item === INTEGER_KEY) return INTEGER_KEY;
      out[i] = item;
    }
    return out;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort(compareKeys);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57) return INTEGER_KEY;
    const item = sortedCopy(record[key]);
    if (item === INTEGER_KEY) return INTEGER_KEY;
    out[key] = item;
  }
  return out;
}

function slowCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(slowCanonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => compareKeys(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${slowCanonicalJson(v)}`).join(",")}}`;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function contentHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/**
 * Identity of a canonical transcript: its content without its name, since a name may be
 * derived from the file it came in and the same conversation uploaded twice is one transcript.
 */
export function transcriptHash(transcript: { name?: string }): string {
  return contentHash({ ...transcript, name: undefined });
}
