import { standardize } from "./bfcl/checker";
import { PyDict, pyRepr, pyType, type PyValue } from "./py-value";
import type { ArgsMode, MatchOptions, ReferenceCall, ReferenceReason } from "./types";

/**
 * Whether a call's arguments match one reference call, by the format's options: `args` compared
 * in agentevals' modes, or `allowed` values as BFCL lists them; `compare` and `ignore` paths; strings
 * exact or normalised as BFCL normalises them; numbers typed (5 is not 5.0) or by value.
 */

type Options = Pick<MatchOptions, "args" | "strings" | "numbers" | "overrides">;

const reason = (code: ReferenceReason["code"], path: string, expected: string, actual: string, message: string): ReferenceReason => ({ code, path, expected, actual, message });

function numberValue(value: PyValue): number | bigint | null {
  if (value !== null && typeof value === "object" && "value" in value && !(value instanceof PyDict)) return value.value;
  return null;
}

/** Equality under the options: deep, with BFCL's string normalisation at any depth when asked. */
export function valuesEqual(a: PyValue, b: PyValue, options: Pick<MatchOptions, "strings" | "numbers">): boolean {
  if (typeof a === "string" && typeof b === "string") return options.strings === "bfcl" ? standardize(a) === standardize(b) : a === b;
  const left = numberValue(a);
  const right = numberValue(b);
  if (left !== null && right !== null) {
    if (options.numbers === "typed" && pyType(a) !== pyType(b)) return false;
    return typeof left === typeof right ? left === right : Number(left) === Number(right);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => valuesEqual(item, b[index], options));
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.entries.size !== b.entries.size) return false;
    for (const [key, value] of a.entries) if (!b.entries.has(key) || !valuesEqual(value, b.entries.get(key) ?? null, options)) return false;
    return true;
  }
  return a === b;
}

const joinPath = (base: string, key: string | number) => (typeof key === "number" ? `${base}[${key}]` : base ? `${base}.${key}` : key);

/** The first place two values differ, as a reason with its JSON path. */
function difference(expected: PyValue, actual: PyValue, path: string, options: Pick<MatchOptions, "strings" | "numbers">): ReferenceReason | null {
  if (valuesEqual(expected, actual, options)) return null;
  const comparableTypes = (a: PyValue, b: PyValue) => pyType(a) === pyType(b) || (options.numbers === "value" && numberValue(a) !== null && numberValue(b) !== null && typeof a !== "boolean" && typeof b !== "boolean");
  if (!comparableTypes(expected, actual)) return reason("wrong_type", path, pyRepr(expected), pyRepr(actual), `${path || "the value"} should be a ${pyType(expected)}, not a ${pyType(actual)}.`);
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (let index = 0; index < expected.length; index++) {
      const found = difference(expected[index], actual[index], joinPath(path, index), options);
      if (found) return found;
    }
  }
  if (expected instanceof PyDict && actual instanceof PyDict) {
    const found = dictDifference(expected, actual, path, "exact", options);
    if (found) return found;
  }
  return reason("wrong_value", path, pyRepr(expected), pyRepr(actual), `${path || "the value"} should be ${pyRepr(expected)}, not ${pyRepr(actual)}.`);
}

function dictDifference(expected: PyDict, actual: PyDict, path: string, mode: ArgsMode, options: Pick<MatchOptions, "strings" | "numbers">): ReferenceReason | null {
  if (mode === "ignore") return null;
  for (const [key, value] of expected.entries) {
    const at = joinPath(path, key);
    if (!actual.entries.has(key)) {
      if (mode === "subset") continue;
      return reason("missing_required", at, pyRepr(value), "(absent)", `${at} is missing; the reference gives ${pyRepr(value)}.`);
    }
    const found = difference(value, actual.entries.get(key) ?? null, at, options);
    if (found) return found;
  }
  if (mode === "exact" || mode === "subset") {
    for (const [key, value] of actual.entries) {
      if (!expected.entries.has(key)) {
        const at = joinPath(path, key);
        return reason("unexpected_param", at, "(absent)", pyRepr(value), `${at} is not in the reference call.`);
      }
    }
  }
  return null;
}

/** The value with the dot path removed: `flights.price` drops `price` from every flight. */
function without(value: PyValue, keys: readonly string[]): PyValue {
  if (keys.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => without(item, keys));
  if (!(value instanceof PyDict)) return value;
  const [head, ...rest] = keys;
  const entries = new Map(value.entries);
  if (rest.length === 0) entries.delete(head);
  else if (entries.has(head)) entries.set(head, without(entries.get(head) ?? null, rest));
  return new PyDict(entries);
}

const ABSENT = Symbol("absent");
type Projected = PyValue | typeof ABSENT;

/** What a dot path reaches: through every element of a list; ABSENT where a key is missing. */
function at(value: PyValue, keys: readonly string[]): Projected {
  if (keys.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => at(item, keys)).map((item) => (item === ABSENT ? null : item));
  if (!(value instanceof PyDict) || !value.entries.has(keys[0])) return ABSENT;
  return at(value.entries.get(keys[0]) ?? null, keys.slice(1));
}

/** The reason the call's arguments do not match the reference call, or null when they do. */
export function argumentsMismatch(actual: PyDict, expected: ReferenceCall, options: Options): ReferenceReason | null {
  const override = options.overrides[expected.name];
  const compare = expected.compare ?? override?.compare ?? null;
  const ignore = [...expected.ignore, ...(override?.ignore ?? [])].map((path) => path.split("."));
  if (expected.allowed) return allowedMismatch(actual, expected.allowed, options);
  const reference = new PyDict(new Map(expected.args ?? []));
  if (compare) {
    // Only the listed paths count, each equal on both sides (absent on both is equal): tau-bench's compare_args.
    for (const path of compare) {
      const keys = path.split(".");
      const want = at(reference, keys);
      const got = at(actual, keys);
      if (want === ABSENT && got === ABSENT) continue;
      if (got === ABSENT) return reason("missing_required", path, pyRepr(want as PyValue), "(absent)", `${path} is missing; the reference gives ${pyRepr(want as PyValue)}.`);
      if (want === ABSENT) return reason("unexpected_param", path, "(absent)", pyRepr(got), `${path} is compared but the reference call does not give it.`);
      const found = difference(want, got, path, options);
      if (found) return found;
    }
    return null;
  }
  const strip = (value: PyDict) => ignore.reduce<PyValue>((current, keys) => without(current, keys), value) as PyDict;
  return dictDifference(strip(reference), strip(actual), "", options.args, options);
}

function allowedMismatch(actual: PyDict, allowed: ReadonlyMap<string, readonly PyValue[]>, options: Options): ReferenceReason | null {
  if (options.args === "ignore") return null;
  for (const [key, value] of actual.entries) {
    const values = allowed.get(key);
    if (!values) return reason("unexpected_param", key, "(absent)", pyRepr(value), `${key} is not in the reference call.`);
    if (!values.some((candidate) => valuesEqual(candidate, value, options))) {
      const typed = values.find((candidate) => candidate !== "");
      const code = typed !== undefined && pyType(typed) !== pyType(value) && !(options.numbers === "value" && numberValue(typed) !== null && numberValue(value) !== null) ? "wrong_type" : "wrong_value";
      return reason(code, key, values.map(pyRepr).join(" or "), pyRepr(value), `${key} is ${pyRepr(value)}; the reference allows ${values.map(pyRepr).join(", ")}.`);
    }
  }
  for (const [key, values] of allowed) {
    if (!actual.entries.has(key) && !values.includes("")) return reason("missing_required", key, values.map(pyRepr).join(" or "), "(absent)", `${key} is missing; the reference allows ${values.map(pyRepr).join(", ")}.`);
  }
  return null;
}
