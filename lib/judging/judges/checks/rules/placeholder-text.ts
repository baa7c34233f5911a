import type { TextEvidence } from "../evidence";
import { FUNCTION_WORDS, fold, tokens } from "../text/words";
import { sharedCache } from "../shared-caches";

/**
 * What a string value looks like on its own, before the call's context is consulted: a
 * template marker, a placeholder word, sample data, a lone question word, the opening words
 * of a sentence. Computed once per distinct value; nearly every value looks like none.
 */
export interface ValueShape {
  /** Nothing but spaces. */
  empty: boolean;
  template: boolean;
  /** Why it reads as a stand-in ("is a placeholder", "is sample data"), unless the user wrote it. */
  standIn: string | null;
  /** A lone question or filler word ("What"). */
  filler: boolean;
  /** One to three words starting with a word that opens requests ("Find", "First"). */
  opener: boolean;
}

// Values that stand for "fill me in": type names, template markers, sample data.
const PLACEHOLDER_WORDS = new Set([
  "string", "str", "text", "value", "todo", "tbd", "fixme", "xxx", "xxxx", "n/a", "undefined", "null", "none", "nil",
  "placeholder", "example", "sample", "foo", "bar", "baz", "qux", "lorem ipsum", "your api key", "api key", "insert here",
  "enter value", "unknown", "default", "dummy", "fake", "test123", "abc123", "john doe", "jane doe", "...", "…",
]);
const TEMPLATE = /^\s*(<[^<>]+>|\{\{[^{}]+\}\}|\$\{[^{}]+\}|\[[A-Z _-]+\]|\{[A-Z_]+\})\s*$/;
const SAMPLE_CONTACT = /(^|[@.\s])(example\.(com|org|net)|test\.com)\b|^(\+?1[-. ]?)?555[-. ]?01\d\d$|^(0{4,}|1234(5678?9?)?)$/i;
const SEPARATORS = /[_-]+/g;
const NOT_LETTERS = /[^a-z]/g;
const WORDS_ONLY = /^[a-z' ]+[?!.]?$/i;
// Words that open a request ("Book a flight…", "First, …"): copied into an argument they are
// a sign of an agent filling slots from the request's first words, not from its meaning.
const OPENING_WORDS = new Set(
  (
    "find get give show tell list search look calculate compute determine estimate predict book reserve order buy purchase " +
    "sell send create make generate plan convert translate check fetch retrieve provide locate identify analyze analyse " +
    "compare recommend suggest help perform invest withdraw schedule set update delete remove add play draw plot solve " +
    "evaluate simulate imagine suppose consider first second third next then also lastly finally now please hi hello hey " +
    "okay ok so well could can would will should may might i we you let what whats who which when where why how is are do does"
  ).split(/\s+/),
);

const PLAIN: ValueShape = Object.freeze({ empty: false, template: false, standIn: null, filler: false, opener: false });
const EMPTY: ValueShape = Object.freeze({ empty: true, template: false, standIn: null, filler: false, opener: false });

function shapeOf(raw: string): ValueShape {
  const folded = fold(raw).trim();
  if (!folded) return EMPTY;
  const template = TEMPLATE.test(raw);
  // Placeholders are short; long values are only tested for a template.
  if (folded.length > 40) return template ? { ...PLAIN, template } : PLAIN;
  const word = folded.replace(SEPARATORS, " ");
  const standIn = PLACEHOLDER_WORDS.has(word) ? "is a placeholder" : SAMPLE_CONTACT.test(folded) ? "is sample data" : null;
  const filler = FUNCTION_WORDS.has(folded.replace(NOT_LETTERS, "")) && WORDS_ONLY.test(folded);
  const words = tokens(raw);
  const opener = words.length > 0 && words.length <= 3 && OPENING_WORDS.has(words[0]);
  return template || standIn || filler || opener ? { empty: false, template, standIn, filler, opener } : PLAIN;
}

const shapes = sharedCache(new Map<string, ValueShape>());

export function valueShape(raw: string): ValueShape {
  let shape = shapes.get(raw);
  if (!shape) {
    shape = shapeOf(raw);
    // Bounded for long-running servers; values repeat within a batch, not forever.
    if (shapes.size >= 10_000) shapes.clear();
    shapes.set(raw, shape);
  }
  return shape;
}

/** True when `value` (an opener: see `ValueShape`) starts a sentence of the request. */
export function opensASentence(value: string, request: TextEvidence): boolean {
  const needle = value.trim().toLowerCase();
  const text = request.lower;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (/[a-z0-9]/.test(text[at + needle.length] ?? "")) continue;
    let before = at - 1;
    while (before >= 0 && /[\s"'\u201c\u2018]/.test(text[before])) before--;
    if (before < 0 || /[.?!]/.test(text[before])) return true;
  }
  return false;
}
