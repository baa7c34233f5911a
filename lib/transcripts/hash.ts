import { createHash } from "node:crypto";

/** JSON with object keys sorted, so that key order never makes two equal transcripts differ. */
export function canonicalJson(value: unknown): string {
  // Fast path: the native JSON.stringify over a tree whose keys are in sorted order. Subtrees
  // already in order (the importer builds them so) are used as they are; others are copied.
  // Engines list integer-like keys ("0", "12") first whatever the insertion order, so values
  // holding such keys take the slow path, which writes the same text for everything else.
  const sorted = sortedTree(value);
  return sorted === INTEGER_KEY ? slowCanonicalJson(value) : (JSON.stringify(sorted) ?? "null");
}

const INTEGER_KEY = Symbol("integer-like key");

/** The value with sorted keys at every level: the value itself when it already is, else a copy. */
function sortedTree(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const sorted = sortedTree(item);
      if (sorted === INTEGER_KEY) return INTEGER_KEY;
      if (sorted !== item && out === null) out = value.slice(0, i);
      if (out !== null) out.push(sorted);
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let inOrder = true;
  for (let i = 0; i < keys.length; i++) {
    if (isDigit(keys[i].charCodeAt(0))) return INTEGER_KEY;
    if (i > 0 && keys[i - 1] > keys[i]) inOrder = false;
  }
  let children: unknown[] | null = null;
  for (let i = 0; i < keys.length; i++) {
    const item = record[keys[i]];
    const sorted = sortedTree(item);
    if (sorted === INTEGER_KEY) return INTEGER_KEY;
    if (sorted !== item && children === null) children = keys.slice(0, i).map((k) => record[k]);
    if (children !== null) children.push(sorted);
  }
  if (inOrder && children === null) return value;
  const order = keys.map((key, i) => ({ key, value: children ? children[i] : record[key] }));
  if (!inOrder) order.sort((a, b) => compareKeys(a.key, b.key));
  const out: Record<string, unknown> = {};
  for (const entry of order) out[entry.key] = entry.value;
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
 * Equal to `contentHash({ ...transcript, name: undefined })`, computed part by part so that
 * tool definitions repeated across the transcripts of one upload are put in order only once.
 */
export function transcriptHash(transcript: { name?: string }): string {
  const record = transcript as Record<string, unknown>;
  const keys = Object.keys(record)
    // The name and the reference are attached data: the same conversation is the same content.
    .filter((key) => key !== "name" && key !== "referenceText" && record[key] !== undefined)
    .sort(compareKeys);
  if (keys.some((key) => isDigit(key.charCodeAt(0)))) return contentHash({ ...transcript, name: undefined, referenceText: undefined });
  const parts = keys.map((key) => {
    const value = record[key];
    const text = key === "tools" && Array.isArray(value) ? `[${value.map(memoisedCanonicalJson).join(",")}]` : canonicalJson(value);
    return `${JSON.stringify(key)}:${text}`;
  });
  return createHash("sha256").update(`{${parts.join(",")}}`).digest("hex");
}

const MEMO_LIMIT = 1000;
const memo = new Map<string, string>();

/** Canonical JSON of a value seen before (same text, same keys in the same order) comes from the memo. */
function memoisedCanonicalJson(value: unknown): string {
  const raw = JSON.stringify(value);
  if (raw === undefined) return canonicalJson(value);
  const known = memo.get(raw);
  if (known !== undefined) return known;
  const canonical = canonicalJson(value);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(raw, canonical);
  return canonical;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
