/**
 * Locates the first JSON syntax error in a text, with a readable reason. JSON.parse is used
 * for parsing; this runs only after it failed, because V8's messages give no line, sometimes
 * no position, and may quote the whole (possibly megabytes long) input.
 */
export interface JsonSyntaxError {
  /** Offset in UTF-16 code units. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
  reason: string;
}

const Expect = {
  Value: 0,
  ValueOrClose: 1, // right after `[`
  KeyOrClose: 2, // right after `{`
  Key: 3, // after `,` in an object
  Colon: 4,
  AfterValue: 5,
} as const;
type Expect = (typeof Expect)[keyof typeof Expect];

export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const stack: number[] = []; // 0x5b `[` or 0x7b `{`
  let state: Expect = Expect.Value;
  let i = 0;
  const fail = (at: number, reason: string): JsonSyntaxError => ({ offset: at, ...lineColumn(text, at), reason });

  for (;;) {
    i = skipWhitespace(text, i);
    if (i >= text.length) {
      if (state === Expect.AfterValue && stack.length === 0) return null;
      if (stack.length === 0 && state === Expect.Value) return fail(i, "the text is empty: expected a JSON value");
      return fail(i, `unexpected end of input: ${missingCloser(stack)}`);
    }
    const c = text.charCodeAt(i);
    switch (state) {
      case Expect.Value:
      case Expect.ValueOrClose: {
        if (state === Expect.ValueOrClose && c === 0x5d) {
          stack.pop();
          i++;
          state = Expect.AfterValue;
          break;
        }
        if (c === 0x7b || c === 0x5b) {
          stack.push(c);
          i++;
          state = c === 0x7b ? Expect.KeyOrClose : Expect.ValueOrClose;
          break;
        }
        const end = scanScalar(text, i);
        if (typeof end === "string") return fail(i, end);
        if (end < 0) return fail(-end - 1, describeBadString(text, -end - 1));
        i = end;
        state = Expect.AfterValue;
        break;
      }
      case Expect.KeyOrClose:
      case Expect.Key: {
        if (c === 0x7d && state === Expect.KeyOrClose) {
          stack.pop();
          i++;
          state = Expect.AfterValue;
          break;
        }
        if (c === 0x7d) return fail(i, "a comma before `}` is not allowed (trailing comma)");
        if (c !== 0x22) return fail(i, `expected a property name in double quotes, got ${charName(text, i)}`);
        const end = scanString(text, i);
        if (end < 0) return fail(-end - 1, describeBadString(text, -end - 1));
        i = end;
        state = Expect.Colon;
        break;
      }
      case Expect.Colon:
        if (c !== 0x3a) return fail(i, `expected \`:\` after a property name, got ${charName(text, i)}`);
        i++;
        state = Expect.Value;
        break;
      case Expect.AfterValue: {
        const top = stack[stack.length - 1];
        if (top === undefined) return fail(i, `unexpected ${charName(text, i)} after the end of the JSON value`);
        if (c === 0x2c) {
          i++;
          const next = skipWhitespace(text, i);
          if (top === 0x5b && text.charCodeAt(next) === 0x5d) return fail(next, "a comma before `]` is not allowed (trailing comma)");
          state = top === 0x7b ? Expect.Key : Expect.Value;
          break;
        }
        if ((c === 0x5d && top === 0x5b) || (c === 0x7d && top === 0x7b)) {
          stack.pop();
          i++;
          break;
        }
        return fail(
          i,
          top === 0x7b
            ? `expected \`,\` or \`}\` after a property value, got ${charName(text, i)}`
            : `expected \`,\` or \`]\` after an array element, got ${charName(text, i)}`,
        );
      }
    }
  }
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** End offset of a scalar, a reason when it is not one, or -(offset+1) of a bad spot in a string. */
function scanScalar(text: string, i: number): number | string {
  const c = text.charCodeAt(i);
  if (c === 0x22) return scanString(text, i);
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) return `invalid number starting with ${charName(text, i)}`;
    const end = i + match[0].length;
    const after = text.charCodeAt(end);
    if (after >= 0x30 && after <= 0x39) return "invalid number: a leading zero is not allowed";
    if (after === 0x2e || after === 0x65 || after === 0x45) return `invalid number ${JSON.stringify(text.slice(i, end + 1))}`;
    return end;
  }
  for (const literal of ["true", "false", "null"]) {
    if (text.startsWith(literal, i)) return i + literal.length;
  }
  if (c === 0x27) return "strings must use double quotes, not single quotes";
  if (c === 0x7d || c === 0x5d) return `expected a value, got ${charName(text, i)}`;
  return `expected a value, got ${charName(text, i)}`;
}

/** End offset after the closing quote, or -(offset+1) of the first bad spot (the opening quote when unterminated). */
function scanString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const e = text.charCodeAt(i + 1);
      if (e === 0x75) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -(i + 1);
        i += 6;
        continue;
      }
      if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
        i += 2;
        continue;
      }
      return -(i + 1);
    }
    if (c < 0x20) return -(i + 1);
    i++;
  }
  return -(start + 1);
}

function describeBadString(text: string, at: number): string {
  // An unterminated string is reported where it starts: its end is wherever the input stopped.
  if (at >= text.length || text.charCodeAt(at) === 0x22) return "unterminated string: the closing `\"` is missing";
  const c = text.charCodeAt(at);
  if (c === 0x5c) return `invalid escape \`${text.slice(at, at + 2)}\` in a string`;
  if (c === 0x0a || c === 0x0d) return "a line break inside a string must be written as \\n (or the closing `\"` is missing)";
  return `control character U+${c.toString(16).padStart(4, "0").toUpperCase()} inside a string must be escaped`;
}

function missingCloser(stack: number[]): string {
  const top = stack[stack.length - 1];
  if (top === 0x7b) return "`}` is missing";
  if (top === 0x5b) return "`]` is missing";
  return "a value is missing";
}

function charName(text: string, i: number): string {
  if (i >= text.length) return "the end of the input";
  const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
  if (ch === "\n") return "a line break";
  if (ch === "`") return "a backtick";
  return `\`${ch}\``;
}
