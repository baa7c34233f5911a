/**
 * Python source cut into tokens, as CPython's tokenizer cuts it, for the files converters read
 * without running Python: BFCL's prompting-model answers (`[f(a=1)]`), tau-bench's task modules
 * and tau2's tools.py. Strings are decoded (escapes, raw strings, implicit concatenation is the
 * parser's); numbers keep their text. Indentation is not tokenised: a statement's column says it.
 */

export type Token =
  | { kind: "name"; text: string; line: number; column: number }
  | { kind: "number"; text: string; line: number; column: number }
  | { kind: "string"; value: string; prefix: string; line: number; column: number }
  | { kind: "op"; text: string; line: number; column: number }
  /** The end of a logical line (outside brackets), and of the text. */
  | { kind: "newline" | "end"; line: number; column: number };

export class PythonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = "PythonSyntaxError";
  }
}

const OPERATORS = ["**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="];
const SINGLE = new Set("()[]{},:.;@=+-*/%&|^~<>");
const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const STRING_PREFIX = /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])(?=["'])/;
const NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

/** Every token of `source`; a PythonSyntaxError names the line and column of the first problem. */
export function tokenize(source: string): Token[] {
  return new Tokenizer(source).run();
}

class Tokenizer {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private readonly brackets: { char: string; line: number; column: number }[] = [];
  private readonly tokens: Token[] = [];

  constructor(private readonly text: string) {}

  run(): Token[] {
    while (this.offset < this.text.length) this.next();
    if (this.brackets.length) {
      const open = this.brackets[this.brackets.length - 1];
      throw new PythonSyntaxError(`'${open.char}' was never closed`, open.line, open.column);
    }
    this.endLine();
    this.tokens.push({ kind: "end", line: this.line, column: this.column() });
    return this.tokens;
  }

  private column(at = this.offset): number {
    return at - this.lineStart + 1;
  }

  private fail(message: string, at = this.offset): never {
    throw new PythonSyntaxError(message, this.line, this.column(at));
  }

  private newLine(): void {
    this.line++;
    this.lineStart = this.offset;
  }

  /** A logical line ends: one newline token, none for blank lines or inside brackets. */
  private endLine(): void {
    const last = this.tokens[this.tokens.length - 1];
    if (this.brackets.length === 0 && last && last.kind !== "newline") this.tokens.push({ kind: "newline", line: this.line, column: this.column() });
  }

  private next(): void {
    const char = this.text[this.offset];
    if (char === "\n" || char === "\r") {
      this.offset += this.text.startsWith("\r\n", this.offset) ? 2 : 1;
      this.endLine();
      this.newLine();
      return;
    }
    if (char === " " || char === "\t" || char === "\f") {
      this.offset++;
      return;
    }
    if (char === "#") {
      while (this.offset < this.text.length && this.text[this.offset] !== "\n" && this.text[this.offset] !== "\r") this.offset++;
      return;
    }
    if (char === "\\") {
      const after = this.text[this.offset + 1];
      if (after !== "\n" && after !== "\r") this.fail("unexpected character after line continuation character");
      this.offset += this.text.startsWith("\r\n", this.offset + 1) ? 3 : 2;
      this.newLine();
      return;
    }
    const prefix = STRING_PREFIX.exec(this.text.slice(this.offset, this.offset + 3));
    if (char === '"' || char === "'" || prefix) return this.string(prefix ? prefix[0] : "");
    if (isDigit(char) || (char === "." && isDigit(this.text[this.offset + 1]))) return this.number();
    NAME.lastIndex = this.offset;
    const name = NAME.exec(this.text);
    if (name) {
      this.push({ kind: "name", text: name[0], line: this.line, column: this.column() });
      this.offset += name[0].length;
      return;
    }
    this.operator();
  }

  private push(token: Token): void {
    this.tokens.push(token);
  }

  private operator(): void {
    const start = this.offset;
    const text = OPERATORS.find((operator) => this.text.startsWith(operator, start)) ?? (SINGLE.has(this.text[start]) ? this.text[start] : null);
    if (text === null) this.fail(`invalid character '${this.text[start]}'`);
    if (OPENERS[text]) this.brackets.push({ char: text, line: this.line, column: this.column() });
    else if (text === ")" || text === "]" || text === "}") {
      const open = this.brackets.pop();
      if (!open) this.fail(`unmatched '${text}'`);
      if (OPENERS[open.char] !== text) this.fail(`closing parenthesis '${text}' does not match opening parenthesis '${open.char}'`);
    }
    this.push({ kind: "op", text, line: this.line, column: this.column() });
    this.offset += text.length;
  }

  private number(): void {
    const start = this.offset;
    const text = this.text;
    let end = start;
    const digits = (accept: (char: string) => boolean) => {
      // Underscores only between digits, as Python's grammar has them.
      if (!accept(text[end])) return false;
      end++;
      for (;;) {
        if (text[end] === "_" && accept(text[end + 1])) end += 2;
        else if (accept(text[end])) end++;
        else return true;
      }
    };
    const radix = /^0[xXoObB]/.test(text.slice(start, start + 2)) ? text[start + 1].toLowerCase() : null;
    if (radix) {
      end += 2;
      if (text[end] === "_") end++;
      const ok = digits(radix === "x" ? isHex : radix === "o" ? isOctal : isBinary);
      if (!ok) this.fail(`invalid ${radix === "x" ? "hexadecimal" : radix === "o" ? "octal" : "binary"} literal`, end);
    } else {
      const integral = digits(isDigit);
      let float = false;
      if (text[end] === ".") {
        end++;
        float = true;
        digits(isDigit);
      }
      if (text[end] === "e" || text[end] === "E") {
        const mark = end;
        end++;
        if (text[end] === "+" || text[end] === "-") end++;
        if (!digits(isDigit)) this.fail("invalid decimal literal", mark);
        float = true;
      }
      if (text[end] === "j" || text[end] === "J") end++;
      else if (!float && integral && /^0+[1-9]/.test(text.slice(start, end).replace(/_/g, ""))) this.fail("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", start);
    }
    NAME.lastIndex = end;
    if (NAME.test(text)) this.fail("invalid decimal literal", end);
    this.push({ kind: "number", text: text.slice(start, end), line: this.line, column: this.column(start) });
    this.offset = end;
  }

  private string(prefix: string): void {
    const startLine = this.line;
    const startColumn = this.column();
    let index = this.offset + prefix.length;
    const quote = this.text.startsWith(this.text[index].repeat(3), index) ? this.text[index].repeat(3) : this.text[index];
    index += quote.length;
    const raw = /r/i.test(prefix);
    const bytes = /b/i.test(prefix);
    let value = "";
    for (;;) {
      if (index >= this.text.length) throw new PythonSyntaxError(quote.length === 3 ? "unterminated triple-quoted string literal" : "unterminated string literal", startLine, startColumn);
      if (this.text.startsWith(quote, index)) break;
      const char = this.text[index];
      if (char === "\n" || char === "\r") {
        if (quote.length === 1) throw new PythonSyntaxError("unterminated string literal", startLine, startColumn);
        index += this.text.startsWith("\r\n", index) ? 2 : 1;
        this.offset = index;
        this.newLine();
        value += "\n";
        continue;
      }
      if (char !== "\\") {
        value += char;
        index++;
        continue;
      }
      const escape = this.text[index + 1];
      if (escape === "\n" || escape === "\r") {
        index += this.text.startsWith("\r\n", index + 1) ? 3 : 2;
        this.offset = index;
        this.newLine();
        if (raw) value += "\\\n";
        continue;
      }
      if (raw) {
        // A raw string keeps the backslash, but an escaped quote still does not end it.
        value += char + (escape ?? "");
        index += 2;
        continue;
      }
      const decoded = decodeEscape(this.text, index, bytes);
      if (decoded === null) this.fail(`cannot read the escape sequence at '${this.text.slice(index, index + 4)}'`, index);
      value += decoded.value;
      index = decoded.end;
    }
    this.push({ kind: "string", value, prefix: prefix.toLowerCase(), line: startLine, column: startColumn });
    this.offset = index + quote.length;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/** The escape at `at` (a backslash) in a non-raw string, or null where Python rejects it. */
function decodeEscape(text: string, at: number, bytes: boolean): { value: string; end: number } | null {
  const escape = text[at + 1];
  const simple = SIMPLE_ESCAPES[escape];
  if (simple !== undefined) return { value: simple, end: at + 2 };
  if (isOctal(escape)) {
    let end = at + 1;
    while (end < at + 4 && isOctal(text[end])) end++;
    return { value: String.fromCodePoint(parseInt(text.slice(at + 1, end), 8)), end };
  }
  const hexLength = escape === "x" ? 2 : !bytes && escape === "u" ? 4 : !bytes && escape === "U" ? 8 : 0;
  if (hexLength) {
    const hex = text.slice(at + 2, at + 2 + hexLength);
    if (hex.length !== hexLength || ![...hex].every(isHex)) return null;
    const code = parseInt(hex, 16);
    return code > 0x10ffff ? null : { value: String.fromCodePoint(code), end: at + 2 + hexLength };
  }
  // \N{NAME} needs Unicode's name table; other unknown escapes keep their backslash, as Python does.
  if (escape === "N" && !bytes) return null;
  return { value: `\\${escape ?? ""}`, end: at + (escape === undefined ? 1 : 2) };
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

function isHex(char: string | undefined): boolean {
  return char !== undefined && /^[0-9a-fA-F]$/.test(char);
}

function isOctal(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "7";
}

function isBinary(char: string | undefined): boolean {
  return char === "0" || char === "1";
}
