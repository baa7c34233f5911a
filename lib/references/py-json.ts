import { PyDict, PyFloat, PyInt, type PyValue } from "./py-value";

/**
 * JSON read as Python's `json.loads` reads it, which is what reference checkers were written
 * against: a number with a fraction or exponent is a float and any other an int of any size
 * (`5.0` stays a float, where `JSON.parse` gives 5), `NaN` and `Infinity` are accepted, and a
 * repeated key keeps its first place with its last value.
 */
export type PyJsonResult = { ok: true; value: PyValue } | { ok: false; message: string; offset: number };

// Not an Error: malformed arguments are common input, and capturing a stack for each is costly.
class ParseError {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

const MAX_DEPTH = 500;

export function parsePyJson(text: string): PyJsonResult {
  const parser = new Parser(text);
  try {
    parser.skipWhitespace();
    const value = parser.value(0);
    parser.skipWhitespace();
    if (parser.offset !== text.length) throw new ParseError("Extra data", parser.offset);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

class Parser {
  offset = 0;
  constructor(private readonly text: string) {}

  // The scanners below read character codes, not regular expressions: a sticky regex's match
  // allocates an array per call, and this runs between every two tokens of every call's arguments.
  skipWhitespace(): void {
    const { text } = this;
    let offset = this.offset;
    for (; offset < text.length; offset++) {
      const code = text.charCodeAt(offset);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
    }
    this.offset = offset;
  }

  value(depth: number): PyValue {
    if (depth > MAX_DEPTH) throw new ParseError("Nested too deeply", this.offset);
    const char = this.text[this.offset];
    if (char === "{") return this.object(depth);
    if (char === "[") return this.array(depth);
    if (char === '"') return this.string();
    const constant = CONSTANTS.get(char);
    if (constant && this.text.startsWith(constant.word, this.offset)) {
      this.offset += constant.word.length;
      return constant.value;
    }
    return this.number();
  }

  /** Python's NUMBER_RE, `(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?`: the longest prefix it matches. */
  private number(): PyFloat | PyInt {
    const { text } = this;
    const start = this.offset;
    let end = start;
    if (text.charCodeAt(end) === 0x2d) end++;
    if (text.charCodeAt(end) === 0x30) end++;
    else if (isNonZeroDigit(text.charCodeAt(end))) end = digitsEnd(text, end + 1);
    else throw new ParseError("Expecting value", start);
    let float = false;
    if (text.charCodeAt(end) === 0x2e && isDigit(text.charCodeAt(end + 1))) {
      end = digitsEnd(text, end + 2);
      float = true;
    }
    const code = text.charCodeAt(end);
    if (code === 0x65 || code === 0x45) {
      let exponent = end + 1;
      const sign = text.charCodeAt(exponent);
      if (sign === 0x2b || sign === 0x2d) exponent++;
      if (isDigit(text.charCodeAt(exponent))) {
        end = digitsEnd(text, exponent + 1);
        float = true;
      }
    }
    this.offset = end;
    const literal = text.slice(start, end);
    return float ? new PyFloat(Number(literal)) : new PyInt(BigInt(literal));
  }

  private object(depth: number): PyDict {
    const entries = new Map<string, PyValue>();
    this.offset++;
    this.skipWhitespace();
    if (this.text[this.offset] === "}") {
      this.offset++;
      return new PyDict(entries);
    }
    for (;;) {
      if (this.text[this.offset] !== '"') throw new ParseError("Expecting property name enclosed in double quotes", this.offset);
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.offset] !== ":") throw new ParseError("Expecting ':' delimiter", this.offset);
      this.offset++;
      this.skipWhitespace();
      entries.set(key, this.value(depth + 1));
      this.skipWhitespace();
      const next = this.text[this.offset++];
      if (next === "}") return new PyDict(entries);
      if (next !== ",") throw new ParseError("Expecting ',' delimiter", this.offset - 1);
      this.skipWhitespace();
    }
  }

  private array(depth: number): PyValue[] {
    const items: PyValue[] = [];
    this.offset++;
    this.skipWhitespace();
    if (this.text[this.offset] === "]") {
      this.offset++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.skipWhitespace();
      const next = this.text[this.offset++];
      if (next === "]") return items;
      if (next !== ",") throw new ParseError("Expecting ',' delimiter", this.offset - 1);
      this.skipWhitespace();
    }
  }

  private string(): string {
    const start = this.offset;
    let end = start + 1;
    let escaped = false;
    // The common case, no escapes: one slice.
    for (; end < this.text.length; end++) {
      const code = this.text.charCodeAt(end);
      if (code === 0x22) break;
      if (code === 0x5c) {
        escaped = true;
        break;
      }
      if (code < 0x20) throw new ParseError("Invalid control character", end);
    }
    if (end >= this.text.length) throw new ParseError("Unterminated string", start);
    if (!escaped) {
      this.offset = end + 1;
      return this.text.slice(start + 1, end);
    }
    // Escapes follow JSON's grammar exactly, as Python's scanner does.
    let index = start + 1;
    let out = "";
    for (;;) {
      if (index >= this.text.length) throw new ParseError("Unterminated string", start);
      const char = this.text[index];
      if (char === '"') break;
      if (char.charCodeAt(0) < 0x20) throw new ParseError("Invalid control character", index);
      if (char !== "\\") {
        out += char;
        index++;
        continue;
      }
      const escape = this.text[index + 1];
      if (escape === "u") {
        const hex = this.text.slice(index + 2, index + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ParseError("Invalid \\uXXXX escape", index);
        out += String.fromCharCode(parseInt(hex, 16));
        index += 6;
        continue;
      }
      const simple = ESCAPES[escape];
      if (simple === undefined) throw new ParseError("Invalid \\escape", index);
      out += simple;
      index += 2;
    }
    this.offset = index + 1;
    return out;
  }
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isNonZeroDigit = (code: number) => code >= 0x31 && code <= 0x39;

function digitsEnd(text: string, from: number): number {
  let end = from;
  while (isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** The words json.loads reads as constants, by their first character ("-" starts a number otherwise). */
const CONSTANTS = new Map<string | undefined, { word: string; value: PyValue }>([
  ["t", { word: "true", value: true }],
  ["f", { word: "false", value: false }],
  ["n", { word: "null", value: null }],
  ["N", { word: "NaN", value: new PyFloat(Number.NaN) }],
  ["I", { word: "Infinity", value: new PyFloat(Number.POSITIVE_INFINITY) }],
  ["-", { word: "-Infinity", value: new PyFloat(Number.NEGATIVE_INFINITY) }],
]);

const ESCAPES: Record<string, string | undefined> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
