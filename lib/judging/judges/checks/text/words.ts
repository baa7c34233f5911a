/**
 * Word-level text handling shared by the checks: normalisation, tokens, a light stemmer and
 * the stop-word list. Everything is plain English and deliberately small: the checks must run
 * thousands of times per second and stay explainable.
 */
import { sharedCache } from "../shared-caches";

const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower case, no accents, curly quotes straightened. */
export function fold(text: string): string {
  // Most text is ASCII; Unicode normalisation is the expensive part, so skip it when useless.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(DIACRITICS, "").toLowerCase().replace(/[\u2018\u2019\u2032]/g, "'");
}

// What any of the three rewrites below needs: an upper-case letter or a separator.
const IDENTIFIER_MARK = /[A-Z_.\-/:]/;

/** Splits identifiers too: "getWeather_forecast.v2" -> "get Weather forecast v2". */
export function splitIdentifiers(text: string): string {
  // Most words ("city", "get weather") have nothing to split: one test instead of three passes.
  if (!IDENTIFIER_MARK.test(text)) return text;
  return text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ").replace(/[_.\-/:]+/g, " ");
}

const TOKEN = /[a-z]+|\d+(?:\.\d+)?/g;

/** Word and number tokens of folded text. */
export function tokens(text: string): string[] {
  return fold(text).match(TOKEN) ?? [];
}

/** Text reduced to single-spaced tokens, padded so that phrase search can use word bounds. */
export function phraseText(text: string): string {
  return ` ${tokens(text).join(" ")} `;
}

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but nor of to in on at by for with from into onto over under about as is are was were be been being " +
    "am do does did doing have has had having i me my mine we us our you your yours he him his she her it its they them their " +
    "this that these those there here what which who whom whose when where why how whether if then than so such very too " +
    "can could will would shall should may might must also just only not no yes please tell give show let lets want wants " +
    "need needs like would some any all each every both either neither other another much many more most few less least " +
    "up down out off again further once s t d ll m re ve y o don doesn didn isn aren wasn weren won wouldn couldn shouldn " +
    "help find know get got make made use used using via per its it's i'm"
  ).split(/\s+/),
);

/** Question and filler words: meaningless as an argument value on their own. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "what who whom whose which when where why how find tell give show get calculate compute determine " +
    "please can could would should is are the it this that these those do does did me my you your"
  ).split(/\s+/),
);

const SUFFIXES: ReadonlyArray<[string, string]> = [
  ["ational", "ate"],
  ["ization", "ize"],
  ["ations", "ate"],
  ["ation", "ate"],
  ["ements", ""],
  ["ement", ""],
  ["ments", ""],
  ["ment", ""],
  ["ness", ""],
  ["ings", ""],
  ["ing", ""],
  ["ies", "y"],
  ["ied", "y"],
  ["ives", "ive"],
  ["sses", "ss"],
  ["ches", "ch"],
  ["shes", "sh"],
  ["xes", "x"],
  ["ers", "er"],
  ["ed", ""],
  ["es", "e"],
  ["s", ""],
];

// Vocabularies are small and words repeat, so each word is stemmed once per process.
const stems = sharedCache(new Map<string, string>());
const MAX_STEMS = 50_000;

/** A light suffix stripper: enough for "areas"/"area", "calculated"/"calculate". */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stripSuffix(word);
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

const IRREGULAR = new Map<string, string>(Object.entries({
  women: "woman", men: "man", children: "child", people: "person", mice: "mouse", feet: "foot", teeth: "tooth",
  geese: "goose", indices: "index", matrices: "matrix", vertices: "vertex", analyses: "analysis", criteria: "criterion",
  phenomena: "phenomenon", data: "datum", media: "medium", leaves: "leaf", wolves: "wolf", knives: "knife", lives: "life",
}));

function stripSuffix(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || (word.charCodeAt(0) >= 48 && word.charCodeAt(0) <= 57)) return word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      if (suffix === "s" && (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is"))) return word;
      return word.slice(0, word.length - suffix.length) + replacement;
    }
  }
  return word;
}

/** Key for loose matching: "calculation" and "calculate" share "calcul". */
export function prefixKey(word: string): string | null {
  return word.length >= 6 && !(word.charCodeAt(0) >= 48 && word.charCodeAt(0) <= 57) ? word.slice(0, 6) : null;
}

export function contentTokens(text: string): string[] {
  return tokens(text).filter((token) => !STOPWORDS.has(token));
}

/** A set of words that answers "is this word here", tolerant of inflection. */
export class WordSet {
  private readonly stems = new Set<string>();
  private readonly prefixes = new Set<string>();
  private readonly list: string[] = [];

  constructor(words: Iterable<string> = []) {
    for (const word of words) this.add(word);
  }

  add(word: string): void {
    this.list.push(word);
    this.stems.add(stem(word));
    const key = prefixKey(word);
    if (key) this.prefixes.add(key);
  }

  /**
   * Also true for a short form of a word in the set: "prob" for "probability", "stats" for
   * "statistics" (same first two letters, then the letters in order). For identifier parts.
   */
  hasShortForm(word: string): boolean {
    if (this.has(word)) return true;
    if (word.length < 3 || word.length > 6) return false;
    const start = word.slice(0, 2);
    return this.list.some((candidate) => candidate.length > word.length && candidate.startsWith(start) && isSubsequence(word, candidate));
  }

  has(word: string): boolean {
    if (this.stems.has(stem(word))) return true;
    const key = prefixKey(word);
    return key !== null && this.prefixes.has(key);
  }

  get size(): number {
    return this.stems.size;
  }
}

function isSubsequence(short: string, long: string): boolean {
  let index = 0;
  for (let position = 0; position < long.length && index < short.length; position++) if (long[position] === short[index]) index++;
  return index === short.length;
}
