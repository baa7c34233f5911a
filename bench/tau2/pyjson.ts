/**
 * JSON as Python's `json` module sees it, for the tau2 builder.
 *
 * tau2 (Python) stores tool-call arguments as parsed dicts and sends them back to the model as
 * `json.dumps(arguments)`. To reproduce that string exactly we must keep what JavaScript's
 * JSON.parse loses: whether a number was written as a float (`100.0`) or an int (`100`).
 * Floats are parsed into PyFloat; ints stay plain numbers.
 */

export class PyFloat {
  constructor(readonly value: number) {}
  /** In our own output (meta fields) a float is just a number. */
  toJSON(): number {
    return this.value;
  }
}

export type PyValue = null | boolean | number | string | PyFloat | PyValue[] | { [key: string]: PyValue };

export const isPyObject = (value: unknown): value is { [key: string]: PyValue } =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof PyFloat);

/** Parses JSON text, keeping floats apart from ints. Throws on malformed input. */
export function parsePyJson(text: string): PyValue {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`JSON: ${what} at offset ${at}`);
  };
  const ws = () => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 9 || c === 10 || c === 13) at++;
      else break;
    }
  };
  const value = (): PyValue => {
    ws();
    const c = text[at];
    if (c === "{") {
      at++;
      const out: { [key: string]: PyValue } = {};
      ws();
      if (text[at] === "}") {
        at++;
        return out;
      }
      for (;;) {
        ws();
        if (text[at] !== '"') fail("expected a key");
        const key = string();
        ws();
        if (text[at] !== ":") fail("expected ':'");
        at++;
        out[key] = value();
        ws();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "}") {
          at++;
          return out;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      at++;
      const out: PyValue[] = [];
      ws();
      if (text[at] === "]") {
        at++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === "]") {
          at++;
          return out;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", at)) {
      at += 4;
      return true;
    }
    if (text.startsWith("false", at)) {
      at += 5;
      return false;
    }
    if (text.startsWith("null", at)) {
      at += 4;
      return null;
    }
    // Python's json also writes NaN and Infinity.
    if (text.startsWith("NaN", at)) {
      at += 3;
      return new PyFloat(NaN);
    }
    if (text.startsWith("Infinity", at)) {
      at += 8;
      return new PyFloat(Infinity);
    }
    if (text.startsWith("-Infinity", at)) {
      at += 9;
      return new PyFloat(-Infinity);
    }
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match) fail("unexpected character");
    at += match![0].length;
    const number = Number(match![0]);
    return match![1] !== undefined || match![2] !== undefined ? new PyFloat(number) : number;
  };
  const string = (): string => {
    // text[at] is the opening quote; find the closing one, then let JSON.parse decode escapes.
    let end = at + 1;
    for (;;) {
      const next = text.indexOf('"', end);
      if (next < 0) fail("unterminated string");
      let backslashes = 0;
      for (let index = next - 1; text[index] === "\\"; index--) backslashes++;
      if (backslashes % 2 === 0) {
        end = next;
        break;
      }
      end = next + 1;
    }
    const raw = text.slice(at, end + 1);
    at = end + 1;
    return JSON.parse(raw) as string;
  };
  const result = value();
  ws();
  if (at !== text.length) fail("trailing data");
  return result;
}

/** Python's repr() of a float. */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  // Shortest round-trip digits, as both JavaScript and Python use.
  const [mantissa, exponentText] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let out: string;
  if (exponent >= -4 && exponent < 16) {
    if (exponent >= 0) {
      const whole = digits.length > exponent + 1 ? digits.slice(0, exponent + 1) : digits.padEnd(exponent + 1, "0");
      const fraction = digits.length > exponent + 1 ? digits.slice(exponent + 1) : "0";
      out = `${whole}.${fraction}`;
    } else {
      out = `0.${"0".repeat(-exponent - 1)}${digits}`;
    }
  } else {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
    const sign = exponent < 0 ? "-" : "+";
    out = `${digits[0]}${fraction}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return negative ? `-${out}` : out;
}

/** Python's json.dumps(value) with its defaults: ", " and ": " separators, ensure_ascii. */
export function pyDumps(value: PyValue): string {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (value instanceof PyFloat) return pyFloatRepr(value.value);
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return pyFloatRepr(value);
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  }
  if (typeof value === "string") return pyString(value);
  if (Array.isArray(value)) return `[${value.map(pyDumps).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${pyString(key)}: ${pyDumps(item)}`)
    .join(", ")}}`;
}

function pyString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const char = text[index];
    if (char === '"') out += '\\"';
    else if (char === "\\") out += "\\\\";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char === "\b") out += "\\b";
    else if (char === "\f") out += "\\f";
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

/** Python's == on JSON values: 1 == 1.0 == True, dicts by key set, lists in order. */
export function pyEqual(a: PyValue, b: PyValue): boolean {
  const scalar = (value: PyValue): number | null =>
    value instanceof PyFloat ? value.value : typeof value === "number" ? value : typeof value === "boolean" ? Number(value) : null;
  const x = scalar(a);
  const y = scalar(b);
  if (x !== null || y !== null) return x !== null && y !== null && x === y;
  if (a === null || b === null) return a === b;
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => pyEqual(item, b[index]));
  }
  if (!isPyObject(a) || !isPyObject(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && pyEqual(a[key], b[key]));
}

/**
 * JSON.stringify's compact text of a value that may hold PyFloats, each written as Python wrote
 * it (2.0, not 2), so that a reader of the raw number tokens can tell a float from an int.
 */
export function stringifyKeepingFloats(value: unknown): string {
  if (value instanceof PyFloat) {
    if (!Number.isFinite(value.value)) throw new Error(`stringifyKeepingFloats: ${value.value} has no JSON form`);
    return pyFloatRepr(value.value);
  }
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item: unknown) => (item === undefined || typeof item === "function" ? "null" : stringifyKeepingFloats(item))).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== "function");
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stringifyKeepingFloats(item)}`).join(",")}}`;
  }
  throw new Error(`stringifyKeepingFloats: cannot write a ${typeof value}`);
}
