import type { CanonicalMessage } from "@/lib/transcripts/types";
import { datesInText, type DateParts } from "./text/dates";
import { timesInText } from "./text/times";
import { readsAsEnglish } from "./text/english";
import { convertedNumbers } from "./text/conversions";
import { numberMentions, numbersInText } from "./text/numbers";
import { STOPWORDS, WordSet, fold, splitIdentifiers, tokens } from "./text/words";
import { sharedCache } from "./shared-caches";

/**
 * One piece of text an argument value may be grounded in. Each reading (words, numbers,
 * dates, initials) is computed on first use only: most values are found by a plain phrase
 * search and never need the costlier ones.
 */
export class TextEvidence {
  private cachedPhrase?: string;
  private cachedCompact?: string;
  private cachedLower?: string;
  private cachedPlainTokens?: string[];
  private cachedCited?: string;
  private cachedExcerpt?: string;
  private cachedWords?: WordSet;
  private cachedNumbers?: Set<number>;
  private cachedNumberList?: number[];
  private cachedConverted?: number[];
  private cachedMentions?: number[][];
  private cachedDates?: DateParts[];
  private cachedTimes?: number[];
  private cachedLatin?: boolean;
  private cachedEnglish?: boolean;
  private cachedAlphaTokens?: string[];
  private cachedTokens?: string[];

  /** `label` says where the text comes from, for findings: "user message 0". */
  constructor(
    readonly raw: string,
    readonly label: string,
  ) {}

  /** Folded tokens, identifiers also read as their words ("get_user_id" -> get user id). */
  private get expandedTokens(): string[] {
    // Only identifiers need splitting (camelCase, snake_case, dotted); capitalised words do not.
    return (this.cachedTokens ??= /[a-z][A-Z]|\w_\w|[a-z]\.[a-z]/.test(this.raw) ? tokens(`${this.raw} ${splitIdentifiers(this.raw)}`) : this.tokens);
  }

  /** Folded word and number tokens of the text. */
  get tokens(): string[] {
    return (this.cachedPlainTokens ??= tokens(this.raw));
  }

  /** Folded tokens joined by single spaces and padded: phrase search with word bounds. */
  get phrase(): string {
    return (this.cachedPhrase ??= ` ${this.tokens.join(" ")} `);
  }

  /** Label and a short quote, as findings cite it. */
  get cited(): string {
    return (this.cachedCited ??= `${this.label} ${quote(this.raw)}`);
  }

  /** A shorter quote, for findings that cite it beside other evidence. */
  get excerpt(): string {
    return (this.cachedExcerpt ??= quote(this.raw, 120));
  }

  /** The raw text in lower case, for plain substring tests. */
  get lower(): string {
    return (this.cachedLower ??= this.raw.toLowerCase());
  }

  /** Letters and digits only: "x^2", "x**2" and "x 2" all become "x2". */
  get compact(): string {
    return (this.cachedCompact ??= fold(this.raw).replace(/[^a-z0-9]+/g, ""));
  }

  get words(): WordSet {
    return (this.cachedWords ??= new WordSet(this.expandedTokens));
  }

  get numbers(): Set<number> {
    return (this.cachedNumbers ??= numbersInText(this.raw));
  }

  /** The same numbers as a list, for scans (near-equality) rather than lookups. */
  get numberList(): number[] {
    return (this.cachedNumberList ??= [...this.numbers]);
  }

  /** Numbers written with digits, each with the values it may stand for. */
  get mentions(): number[][] {
    return (this.cachedMentions ??= numberMentions(this.raw));
  }

  /** Numbers the text implies: unit conversions, clock times, periods, multiples of pi. */
  get converted(): number[] {
    return (this.cachedConverted ??= [...convertedNumbers(this.raw)]);
  }

  get dates(): DateParts[] {
    return (this.cachedDates ??= /\d/.test(this.raw) ? datesInText(this.raw) : []);
  }

  /** Whether most of the text's letters are Latin: a value in Latin letters can be compared with it word for word. */
  get latin(): boolean {
    if (this.cachedLatin === undefined) {
      const letters = this.raw.match(/\p{L}/gu) ?? [];
      this.cachedLatin = letters.filter((letter) => letter.charCodeAt(0) < 0x250).length >= letters.length * 0.5;
    }
    return this.cachedLatin;
  }

  /** Whether the text is English prose the word-level checks can read (see readsAsEnglish). */
  get english(): boolean {
    return (this.cachedEnglish ??= readsAsEnglish(this.raw, this.tokens));
  }

  /** Clock times, in minutes after midnight, in every reading the text allows. */
  get times(): number[] {
    return (this.cachedTimes ??= timesInText(this.raw));
  }

  /**
   * Whether a code is the initials of consecutive words: "nyc" for "New York City", "usa" for
   * "United States of America" (small words may be skipped). Scans instead of building every
   * acronym, since most texts are never asked.
   */
  hasInitials(code: string): boolean {
    if (code.length < 2 || code.length > 6) return false;
    const letters = code.toLowerCase();
    const words = (this.cachedAlphaTokens ??= this.expandedTokens.filter((word) => word.charCodeAt(0) >= 97));
    for (let start = 0; start < words.length; start++) {
      if (words[start][0] !== letters[0]) continue;
      // Greedy match; a stop word may be skipped when it does not give the next letter.
      let matched = 1;
      for (let index = start + 1; index < words.length && matched < letters.length; index++) {
        if (words[index][0] === letters[matched]) matched++;
        else if (!STOPWORDS.has(words[index])) break;
      }
      if (matched === letters.length) return true;
    }
    return false;
  }
}

export function analyseText(raw: string, label: string): TextEvidence {
  return new TextEvidence(raw, label);
}

const byMessage = new WeakMap<CanonicalMessage, TextEvidence>();
// Transcripts of one agent repeat the same system prompt and often the same requests: the
// analysis is shared by content, not only by message object. Bounded for long-running servers.
const byContent = new Map<string, Map<string, TextEvidence>>();
const MAX_BY_CONTENT = 5000;
let remembered = 0;
sharedCache({
  clear() {
    byContent.clear();
    remembered = 0;
  },
});

/** Evidence of one message, analysed once however many calls (and transcripts) show it. */
export function messageEvidence(message: CanonicalMessage, index: number): TextEvidence {
  const cached = byMessage.get(message);
  if (cached) return cached;
  const label = message.role === "tool" ? `tool result ${index}${message.name ? ` (${message.name})` : ""}` : `${message.role} message ${index}`;
  const content = message.content ?? "";
  // By label, then by content: no key is built from the whole text.
  let byLabel = byContent.get(label);
  if (!byLabel) byContent.set(label, (byLabel = new Map()));
  let evidence = byLabel.get(content);
  if (!evidence) {
    evidence = new TextEvidence(content, label);
    if (++remembered > MAX_BY_CONTENT) {
      byContent.clear();
      byContent.set(label, (byLabel = new Map()));
      remembered = 1;
    }
    byLabel.set(content, evidence);
  }
  byMessage.set(message, evidence);
  return evidence;
}

/** Short quote of a text for a finding's evidence. */
export function quote(text: string, max = 160): string {
  // Only the head of a long text is shown: flattening the head is enough when it alone runs
  // past the limit (its last space aside, it is how the whole text starts).
  if (text.length > 4 * max) {
    const head = text.slice(0, 4 * max).replace(/\s+/g, " ").trimStart();
    if (head.length > max + 1) return JSON.stringify(`${head.slice(0, max - 1)}…`);
  }
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}
