import type { JsonValue } from "../types";

/**
 * OTLP AnyValue and KeyValue lists, read from either representation: a decoded protobuf message
 * (oneof fields set as own properties, int64 as Long-like `{ low, high }`, bytes as Uint8Array) or
 * proto3 JSON (int64 as a decimal string or a number, bytes as base64, enums as numbers).
 * A value of an unknown kind or with a field of the wrong type is an error with its path.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; path: string; message: string };

const MAX_DEPTH = 16;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

const has = (value: Record<string, unknown>, key: string) => Object.hasOwn(value, key) && value[key] !== undefined && value[key] !== null;

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value instanceof Uint8Array) return value.length === 0 ? "nothing" : `${value.length} bytes`;
  if (typeof value === "string") return value.length > 40 ? `a string ("${value.slice(0, 40)}…")` : `a string (${JSON.stringify(value)})`;
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "a number" : typeof value === "boolean" ? "a boolean" : typeof value} (${String(value)})`;
}

/** int64 / uint64 / fixed64 as a decimal string: from a string, a safe integer, or a Long-like object. */
export function readInt64(value: unknown): string | null {
  if (typeof value === "string") return /^-?\d{1,20}$/.test(value) ? value.replace(/^(-?)0+(?=\d)/, "$1") : null;
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value) : null;
  if (isRecord(value) && typeof value.low === "number" && typeof value.high === "number") {
    const big = (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
    // Long objects say whether they are unsigned; signed values with the top bit set are negative.
    return String(value.unsigned === true ? big : BigInt.asIntN(64, big));
  }
  return null;
}

function int64AsJson(text: string): JsonValue {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

function readDouble(value: unknown): number | string | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  // proto3 JSON writes special values as strings, and numbers may be quoted.
  if (typeof value === "string" && (value === "NaN" || value === "Infinity" || value === "-Infinity")) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function bytesAsText(value: unknown): string | null {
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (typeof value === "string" && /^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return value;
  return null;
}

const KINDS = "stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue";

export function readAnyValue(value: unknown, path: string, depth = 0): Read<JsonValue> {
  if (depth > MAX_DEPTH) return { ok: false, path, message: `nested deeper than ${MAX_DEPTH} levels` };
  if (!isRecord(value)) return { ok: false, path, message: `expected an AnyValue object (${KINDS}), got ${describe(value)}` };
  if (has(value, "stringValue")) {
    return typeof value.stringValue === "string"
      ? { ok: true, value: value.stringValue }
      : { ok: false, path: `${path}.stringValue`, message: `expected a string, got ${describe(value.stringValue)}` };
  }
  if (has(value, "boolValue")) {
    return typeof value.boolValue === "boolean"
      ? { ok: true, value: value.boolValue }
      : { ok: false, path: `${path}.boolValue`, message: `expected true or false, got ${describe(value.boolValue)}` };
  }
  if (has(value, "intValue")) {
    const text = readInt64(value.intValue);
    return text !== null
      ? { ok: true, value: int64AsJson(text) }
      : { ok: false, path: `${path}.intValue`, message: `expected a 64-bit integer (a decimal string or an integer), got ${describe(value.intValue)}` };
  }
  if (has(value, "doubleValue")) {
    const n = readDouble(value.doubleValue);
    return n !== null ? { ok: true, value: n } : { ok: false, path: `${path}.doubleValue`, message: `expected a number, got ${describe(value.doubleValue)}` };
  }
  if (has(value, "bytesValue")) {
    const text = bytesAsText(value.bytesValue);
    return text !== null ? { ok: true, value: text } : { ok: false, path: `${path}.bytesValue`, message: `expected base64 bytes, got ${describe(value.bytesValue)}` };
  }
  if (has(value, "arrayValue")) {
    const list = listOf(value.arrayValue, "values");
    if (!list) return { ok: false, path: `${path}.arrayValue`, message: `expected an object with a \`values\` array, got ${describe(value.arrayValue)}` };
    const out: JsonValue[] = [];
    for (let i = 0; i < list.length; i++) {
      const item = readAnyValue(list[i], `${path}.arrayValue.values[${i}]`, depth + 1);
      if (!item.ok) return item;
      out.push(item.value);
    }
    return { ok: true, value: out };
  }
  if (has(value, "kvlistValue")) {
    const list = listOf(value.kvlistValue, "values");
    if (!list) return { ok: false, path: `${path}.kvlistValue`, message: `expected an object with a \`values\` array, got ${describe(value.kvlistValue)}` };
    const read = readKeyValues(list, `${path}.kvlistValue.values`, depth + 1);
    if (read.problems.length > 0) return { ok: false, ...read.problems[0] };
    return { ok: true, value: read.values };
  }
  // An empty AnyValue is legal OTLP: the attribute is present without a value.
  const keys = Object.keys(value).filter((k) => value[k] !== undefined && value[k] !== null);
  if (keys.length === 0) return { ok: true, value: null };
  return { ok: false, path, message: `expected one of ${KINDS}; found ${keys.map((k) => `\`${k}\``).join(", ")}` };
}

function listOf(value: unknown, key: string): unknown[] | null {
  if (!isRecord(value)) return null;
  const list = value[key];
  if (list === undefined || list === null) return [];
  return Array.isArray(list) ? list : null;
}

/** A KeyValue list as a map; a bad entry is left out and reported, the others kept. */
export function readKeyValues(list: unknown, path: string, depth = 0): { values: Record<string, JsonValue>; problems: { path: string; message: string }[] } {
  const values: Record<string, JsonValue> = {};
  const problems: { path: string; message: string }[] = [];
  if (list === undefined || list === null) return { values, problems };
  if (!Array.isArray(list)) return { values, problems: [{ path, message: `expected a list of attributes, got ${describe(list)}` }] };
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    const at = `${path}[${i}]`;
    if (!isRecord(entry) || typeof entry.key !== "string") {
      problems.push({ path: at, message: `expected an attribute {"key": string, "value": AnyValue}, got ${isRecord(entry) ? "no string `key`" : describe(entry)}` });
      continue;
    }
    const read = entry.value === undefined || entry.value === null ? ({ ok: true, value: null } as const) : readAnyValue(entry.value, `${at}.value`, depth);
    if (read.ok) values[entry.key] = read.value;
    else problems.push({ path: read.path, message: `attribute \`${entry.key}\` left out: ${read.message}` });
  }
  return { values, problems };
}
