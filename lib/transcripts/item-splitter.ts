import type { ImportError, ImportErrorCode } from "./import-types";
import { exceedsDepth } from "./json-depth";
import { findJsonSyntaxError } from "./json-syntax";
import { formatBytes, type ImportLimits } from "./limits";

/** One item cut out of a file: its parsed value, or why it could not be parsed. */
export type ReadItem =
  | {
      ok: true;
      value: unknown;
      /** 1-based position among the file's items. */
      ordinal: number;
      /** 1-based line where the item starts. */
      line: number;
      /** 0-based position in a top-level array. */
      index?: number;
      /** UTF-8 bytes of the item. */
      bytes: number;
      /** The item's text, kept only when it holds a reference, whose numbers must be read as written. */
      text?: string;
      /** Bytes of the file consumed up to the end of this item, for progress. */
      bytesRead: number;
    }
  | { ok: false; error: ImportError; ordinal?: number; line?: number; index?: number; bytesRead: number };

type Mode = "probe" | "lines" | "array" | "values" | "after" | "stopped";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === NEWLINE || c === 0x0d || c === 0x09;
}

/**
 * Cuts a byte stream into JSON items without holding more than one item: JSON Lines are split
 * on newlines, a top-level array into its elements, a single (or concatenated) object by
 * bracket depth. Splitting works on bytes, where `"`, `\`, brackets, commas and newlines can
 * never occur inside a multi-byte UTF-8 character, so a character split across chunks is
 * harmless; each complete item is then decoded and JSON.parse'd on its own.
 */
export class ItemSplitter {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private mode: Mode = "probe";
  private out: ReadItem[] = [];

  /** Absolute offset of the chunk being fed. */
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private ordinal = 0;

  // The item being collected.
  private pieces: Uint8Array[] = [];
  private itemBytes = 0;
  private itemActive = false;
  private itemStartLine = 1;
  private itemStartColumn = 1;
  private tooLarge = false;
  private tooDeep = false;

  // Structure scanning (array and values modes).
  private depth = 0;
  private inString = false;
  private escape = false;
  private index = 0;

  // Probing: bytes seen before the container kind is known, replayed once it is.
  private probeBuffer: Uint8Array[] = [];
  private probeBytes = 0;
  private probeStarted = false;
  private probeDepth = 0;
  private probeInString = false;
  private probeEscape = false;

  constructor(
    private readonly file: string,
    private readonly limits: ImportLimits,
    /** Set from the file name (`.jsonl`, `.ndjson`): every line is an item, whatever it holds. */
    private readonly jsonLines: boolean,
  ) {}

  /** Nothing more can be read from this file (it is not a container, or it ended with an error). */
  get stopped(): boolean {
    return this.mode === "stopped";
  }

  push(chunk: Uint8Array): ReadItem[] {
    this.out = [];
    if (this.mode === "probe") this.probe(chunk);
    else if (this.mode !== "stopped") this.feed(chunk);
    return this.out;
  }

  end(): ReadItem[] {
    this.out = [];
    if (this.mode === "stopped") return this.out;
    if (this.mode === "probe") {
      if (!this.probeStarted) {
        this.fileError("the file is empty: expected a JSON object, a JSON array or JSON Lines");
        return this.out;
      }
      // A first value that never closed, on one line: read it as a single line, which reports why.
      this.replay("lines");
    }
    switch (this.mode) {
      case "lines":
        if (this.itemActive || this.pieces.length > 0 || this.itemBytes > 0) this.finishLine();
        break;
      case "array":
        if (this.itemActive) this.finishValue(true);
        this.fileError("the file ends before the top-level array is closed with `]`");
        break;
      case "values":
        if (this.itemActive) this.finishValue(true);
        break;
    }
    if (this.ordinal === 0 && this.out.length === 0) this.fileError("the file holds no transcripts");
    this.mode = "stopped";
    return this.out;
  }

  // ---- probing: JSON Lines, an array, or one (multi-line) value? ----

  private probe(chunk: Uint8Array): void {
    this.probeBuffer.push(chunk.slice());
    const start = this.probeBytes;
    this.probeBytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      const at = start + i;
      if (!this.probeStarted) {
        if (isSpace(c) || (at < 3 && this.isBomByte(at, c))) continue;
        this.probeStarted = true;
        if (this.jsonLines) return this.replay("lines");
        if (c === OPEN_BRACKET) return this.replay("array");
        if (c !== OPEN_BRACE) return this.replay("stopped", at);
        this.probeDepth = 1;
        continue;
      }
      if (this.probeInString) {
        if (this.probeEscape) this.probeEscape = false;
        else if (c === BACKSLASH) this.probeEscape = true;
        else if (c === QUOTE) this.probeInString = false;
        else if (c === NEWLINE) return this.replay("values");
        continue;
      }
      if (c === QUOTE) this.probeInString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.probeDepth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        // The first object closed on its first line: one object a line.
        if (--this.probeDepth === 0) return this.replay("lines");
      } else if (c === NEWLINE) return this.replay("values");
    }
    // A first line longer than an item may be: it is one (too large) line.
    if (this.probeBytes > this.limits.maxItemBytes) this.replay("lines");
  }

  private isBomByte(at: number, c: number): boolean {
    return (at === 0 && c === 0xef) || (at === 1 && c === 0xbb) || (at === 2 && c === 0xbf);
  }

  private replay(mode: Mode, badAt?: number): void {
    const buffered = concat(this.probeBuffer, this.probeBytes);
    this.probeBuffer = [];
    const bom = buffered.length >= 3 && buffered[0] === 0xef && buffered[1] === 0xbb && buffered[2] === 0xbf ? 3 : 0;
    if (mode === "stopped") {
      const at = badAt ?? bom;
      let line = 1;
      for (let i = bom; i < at; i++) if (buffered[i] === NEWLINE) line++;
      const first = String.fromCodePoint(this.decodeLoose(buffered.subarray(at, at + 4)).codePointAt(0) ?? 0);
      this.fileError(
        `not a JSON object, a JSON array or JSON Lines: the file starts with ${JSON.stringify(first)} at line ${line}`,
        line,
      );
      this.mode = "stopped";
      return;
    }
    this.mode = mode;
    if (mode === "array") this.depth = 0;
    this.offset = bom;
    this.lineStart = bom;
    this.feed(buffered.subarray(bom));
  }

  private feed(chunk: Uint8Array): void {
    if (this.mode === "lines") this.feedLines(chunk);
    else if (this.mode === "array" || this.mode === "values" || this.mode === "after") this.feedStructure(chunk);
    this.offset += chunk.length;
  }

  // ---- JSON Lines ----

  private feedLines(chunk: Uint8Array): void {
    let pos = 0;
    while (pos < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, pos);
      const end = newline === -1 ? chunk.length : newline;
      // A line finished in this chunk can be read in place; a pending tail is copied, since the
      // caller may reuse its buffer.
      this.collect(chunk, pos, end, newline === -1);
      if (newline === -1) return;
      this.finishLine(this.offset + newline + 1);
      this.line++;
      pos = newline + 1;
    }
  }

  private finishLine(bytesRead = this.offset): void {
    const bytes = this.takeItem();
    if (bytes === null && !this.tooLarge) return this.resetItem();
    if (!this.tooLarge && bytes !== null && isBlank(bytes)) return this.resetItem();
    const where = { line: this.line };
    this.ordinal++;
    if (this.tooLarge) return this.itemError("too_large", this.tooLargeMessage(), where, bytesRead);
    const text = this.decode(bytes as Uint8Array, where, bytesRead);
    if (text === null) return this.resetItem();
    this.parse(text, where, bytesRead, 1, true);
  }

  // ---- top-level array, single or concatenated values ----

  private feedStructure(chunk: Uint8Array): void {
    // The element (or value) starts at segmentStart within this chunk, or in an earlier one.
    let segmentStart = this.itemActive ? 0 : -1;
    const base = this.mode === "array" ? 1 : 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === BACKSLASH) this.escape = true;
        else if (c === QUOTE) this.inString = false;
        else if (c === NEWLINE) this.newline(i);
        continue;
      }
      if (c === NEWLINE) {
        this.newline(i);
        continue;
      }
      if (isSpace(c)) continue;

      if (this.mode === "after") {
        this.structureError(`unexpected content after the closing \`]\` of the top-level array`, i);
        return;
      }
      if (this.mode === "array" && this.depth === 0) {
        // Replay starts at the opening bracket.
        this.depth = 1;
        continue;
      }
      if (this.depth === base) {
        if (this.mode === "array" && (c === COMMA || c === CLOSE_BRACKET)) {
          if (this.itemActive) {
            this.collect(chunk, segmentStart, i, false);
            segmentStart = -1;
            this.finishValue(false, this.offset + i);
            this.index++;
          } else if (c === COMMA) {
            this.emptyElement(i);
          }
          // A trailing comma before `]` is tolerated: nothing is lost by it.
          if (c === CLOSE_BRACKET) {
            this.depth = 0;
            this.mode = "after";
          }
          continue;
        }
        if (!this.itemActive) {
          if (this.mode === "values" && c !== OPEN_BRACE && c !== OPEN_BRACKET) {
            this.structureError(`unexpected ${JSON.stringify(String.fromCharCode(c))} between JSON values`, i);
            return;
          }
          this.startItem(i);
          segmentStart = i;
        }
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        this.depth++;
        if (this.depth - base > this.limits.maxDepth && !this.tooDeep) {
          this.tooDeep = true;
          this.pieces = [];
        }
      } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && this.depth > base) {
        // A stray closer at the array's own level stays inside the element, and JSON.parse says why.
        this.depth--;
        if (this.mode === "values" && this.depth === 0) {
          this.collect(chunk, segmentStart, i + 1, false);
          segmentStart = -1;
          this.finishValue(false, this.offset + i + 1);
        }
      }
    }
    if (this.itemActive && segmentStart >= 0) this.collect(chunk, segmentStart, chunk.length, true);
  }

  private newline(i: number): void {
    this.line++;
    this.lineStart = this.offset + i + 1;
  }

  private startItem(i: number): void {
    this.itemActive = true;
    this.itemStartLine = this.line;
    this.itemStartColumn = this.offset + i - this.lineStart + 1;
  }

  private emptyElement(i: number): void {
    this.ordinal++;
    const where = { line: this.line, index: this.index };
    this.itemError("syntax", "empty array element: two commas in a row, or a comma right after `[`", where, this.offset + i);
    this.index++;
  }

  private finishValue(truncated: boolean, bytesRead = this.offset): void {
    const bytes = this.takeItem();
    this.ordinal++;
    const where = this.mode === "array" ? { line: this.itemStartLine, index: this.index } : { line: this.itemStartLine };
    if (this.tooLarge) return this.itemError("too_large", this.tooLargeMessage(), where, bytesRead);
    if (this.tooDeep) return this.itemError("too_deep", this.tooDeepMessage(), where, bytesRead);
    const text = this.decode(bytes ?? new Uint8Array(0), where, bytesRead);
    if (text === null) return this.resetItem();
    if (truncated) {
      const error = findJsonSyntaxError(text);
      const reason = error ? error.reason : "the item is incomplete";
      return this.itemError("syntax", `the file ends inside this item: ${reason}`, where, bytesRead);
    }
    this.parse(text, where, bytesRead, this.itemStartColumn, false);
  }

  // ---- shared item handling ----

  /** Adds bytes [from, to) of the chunk to the current item, within the size limit. */
  private collect(chunk: Uint8Array, from: number, to: number, copy: boolean): void {
    if (to <= from) return;
    this.itemActive = true;
    this.itemBytes += to - from;
    if (this.tooLarge || this.tooDeep) return;
    if (this.itemBytes > this.limits.maxItemBytes) {
      this.tooLarge = true;
      this.pieces = [];
      return;
    }
    this.pieces.push(copy ? chunk.slice(from, to) : chunk.subarray(from, to));
  }

  private takeItem(): Uint8Array | null {
    if (this.pieces.length === 0) return null;
    return this.pieces.length === 1 ? this.pieces[0] : concat(this.pieces, this.itemBytes);
  }

  private parse(text: string, where: { line: number; index?: number }, bytesRead: number, startColumn: number, jsonLines: boolean): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const error = findJsonSyntaxError(text);
      const line = where.line + (error ? error.line - 1 : 0);
      const column = error ? (error.line === 1 ? startColumn + error.column - 1 : error.column) : undefined;
      const reason = error ? error.reason : "not valid JSON";
      return this.itemError("syntax", `invalid JSON at line ${line}${column ? `, column ${column}` : ""}: ${reason}`, where, bytesRead, {
        line,
        column,
      });
    }
    // JSON Lines are not scanned byte by byte, so their depth is checked on the parsed value.
    if (jsonLines && exceedsDepth(value, this.limits.maxDepth)) {
      return this.itemError("too_deep", this.tooDeepMessage(), where, bytesRead);
    }
    this.out.push({ ok: true, value, ordinal: this.ordinal, ...where, bytes: this.itemBytes, bytesRead, ...(text.includes('"reference"') ? { text } : {}) });
    this.resetItem();
  }

  private decode(bytes: Uint8Array, where: { line: number; index?: number }, bytesRead: number): string | null {
    try {
      return this.decoder.decode(bytes);
    } catch {
      this.itemError("encoding", "not valid UTF-8 text", where, bytesRead);
      return null;
    }
  }

  private decodeLoose(bytes: Uint8Array): string {
    return new TextDecoder("utf-8").decode(bytes);
  }

  private itemError(
    code: ImportErrorCode,
    message: string,
    where: { line: number; index?: number },
    bytesRead: number,
    at?: { line: number; column?: number },
  ): void {
    const error: ImportError = { file: this.file, code, path: "", message, ...where };
    if (at) {
      error.line = at.line;
      if (at.column !== undefined) error.column = at.column;
    }
    this.out.push({ ok: false, error, ordinal: this.ordinal, ...where, bytesRead });
    this.resetItem();
  }

  private structureError(message: string, i: number): void {
    const column = this.offset + i - this.lineStart + 1;
    this.fileError(`${message} (line ${this.line}, column ${column})`, this.line, column, this.offset + i);
    this.mode = "stopped";
  }

  private fileError(message: string, line?: number, column?: number, bytesRead = this.offset): void {
    const error: ImportError = { file: this.file, code: "container", path: "", message };
    if (line !== undefined) error.line = line;
    if (column !== undefined) error.column = column;
    this.out.push({ ok: false, error, ...(line !== undefined ? { line } : {}), bytesRead });
  }

  private resetItem(): void {
    this.pieces = [];
    this.itemBytes = 0;
    this.itemActive = false;
    this.tooLarge = false;
    this.tooDeep = false;
  }

  private tooLargeMessage(): string {
    return `too large: ${formatBytes(this.itemBytes)}, over the limit of ${formatBytes(this.limits.maxItemBytes)} per transcript`;
  }

  private tooDeepMessage(): string {
    return `nested deeper than the limit of ${this.limits.maxDepth} levels`;
  }
}

function concat(pieces: Uint8Array[], total: number): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (!isSpace(bytes[i])) return false;
  return true;
}
