/**
 * Values as Python's `json.loads` gives them. Reference checkers (BFCL's, tau-bench's) are Python
 * and compare with Python's `==` and `type()`: an int and a float are different types but equal
 * values (`5 == 5.0`), a bool is equal to 1 but not of type int, and ints have no size limit.
 * JavaScript's numbers lose all three, so the matchers work on these values instead.
 */
export class PyInt {
  constructor(readonly value: bigint) {}
}

export class PyFloat {
  constructor(readonly value: number) {}
}

export class PyDict {
  constructor(readonly entries: Map<string, PyValue>) {}
}

export type PyValue = null | boolean | string | PyInt | PyFloat | PyValue[] | PyDict;

export type PyType = "NoneType" | "bool" | "str" | "int" | "float" | "list" | "dict";

/** Python's `type(value).__name__`. */
export function pyType(value: PyValue): PyType {
  if (value === null) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  if (value instanceof PyInt) return "int";
  if (value instanceof PyFloat) return "float";
  if (Array.isArray(value)) return "list";
  return "dict";
}

/** The numeric value of a bool, int or float, as Python compares them; null for anything else. */
function numeric(value: PyValue): bigint | number | null {
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (value instanceof PyInt) return value.value;
  if (value instanceof PyFloat) return value.value;
  return null;
}

function numbersEqual(a: bigint | number, b: bigint | number): boolean {
  if (typeof a === "bigint" && typeof b === "bigint") return a === b;
  if (typeof a === "number" && typeof b === "number") return a === b;
  // Python compares an int and a float exactly: 2**53 + 1 != 2.0**53.
  const [int, float] = typeof a === "bigint" ? [a, b as number] : [b as bigint, a];
  return Number.isInteger(float) && BigInt(float) === int;
}

/** Python's `==` on values from `json.loads`. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (a === b) return true;
  const left = numeric(a);
  const right = numeric(b);
  if (left !== null || right !== null) return left !== null && right !== null && numbersEqual(left, right);
  if (a === null || b === null || typeof a === "string" || typeof b === "string") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => pyEquals(item, b[index]));
  }
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.entries.size !== b.entries.size) return false;
    for (const [key, value] of a.entries) {
      if (!b.entries.has(key) || !pyEquals(value, b.entries.get(key) ?? null)) return false;
    }
    return true;
  }
  return false;
}

/** Python's `value in values`. */
export function pyIn(value: PyValue, values: readonly PyValue[]): boolean {
  for (const candidate of values) if (pyEquals(value, candidate)) return true;
  return false;
}

/** A JavaScript value (already parsed JSON) as Python would hold it; integral numbers become ints. */
export function fromJs(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? new PyInt(BigInt(value)) : new PyFloat(value);
  if (typeof value === "bigint") return new PyInt(value);
  if (Array.isArray(value)) return value.map(fromJs);
  if (value instanceof PyInt || value instanceof PyFloat || value instanceof PyDict) return value;
  return new PyDict(new Map(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fromJs(item)])));
}

/** Python's `repr`, close enough for explanations: `'text'`, `5.0`, `True`, `[1, 2]`. */
export function pyRepr(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (value instanceof PyInt) return value.value.toString();
  if (value instanceof PyFloat) return floatText(value.value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${[...value.entries].map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`).join(", ")}}`;
}

function floatText(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? `${value}.0` : String(value);
}

/**
 * JSON text that reads back as the same Python values: integral floats keep their ".0". One flat
 * string: joined from its pieces rather than concatenated, which would make a tree of pieces that
 * its first reader (a cache lookup of the stored reference) would have to copy into one.
 */
export function toPyJson(value: PyValue): string {
  const pieces: string[] = [];
  writePyJson(value, pieces);
  return pieces.join("");
}

function writePyJson(value: PyValue, pieces: string[]): void {
  if (value === null) pieces.push("null");
  else if (typeof value === "boolean") pieces.push(value ? "true" : "false");
  else if (typeof value === "string") pieces.push(JSON.stringify(value));
  else if (value instanceof PyInt) pieces.push(value.value.toString());
  else if (value instanceof PyFloat) pieces.push(floatJson(value.value));
  else if (Array.isArray(value)) {
    pieces.push("[");
    let separator = "";
    for (const item of value) {
      pieces.push(separator);
      writePyJson(item, pieces);
      separator = ",";
    }
    pieces.push("]");
  } else {
    pieces.push("{");
    let separator = "";
    for (const [key, item] of value.entries) {
      pieces.push(separator, JSON.stringify(key), ":");
      writePyJson(item, pieces);
      separator = ",";
    }
    pieces.push("}");
  }
}

function floatJson(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  const text = String(value);
  return /[.eE]/.test(text) ? text : `${text}.0`;
}
