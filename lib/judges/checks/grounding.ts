import type { JsonValue } from "@/lib/transcripts/types";
import type { CallContext, Leaf } from "./context";
import { quote, type TextEvidence } from "./evidence";
import { descriptionNames, propertyHints, type PropertyHints } from "./schema/property";
import { isWellKnownConstant } from "./text/constants";
import { RELATIVE_DATE_WORDS, parseDateValue, sameDate } from "./text/dates";
import { matchesConverted } from "./text/conversions";
import { matchesNumber, parseNumeric } from "./text/numbers";
import { STOPWORDS, fold, phraseText, splitIdentifiers, tokens } from "./text/words";

/**
 * Whether an argument value is supported by what the model could see: the system and user
 * messages, earlier tool results, and the tool's own schema (default, enum, description).
 * A value can be fully supported, doubtful (penalty > 0, "weak") or unsupported.
 */
export type Grounding =
  | { status: "grounded"; how: string }
  | { status: "weak" | "ungrounded"; penalty: number; reason: string; evidence: string };

const grounded = (how: string): Grounding => ({ status: "grounded", how });

// Parameters whose value the agent composes (a query, a message) rather than copies.
const FREE_TEXT_KEY = /(query|text|content|message|body|prompt|question|description|summary|note|comment|title|subject|keywords?|search|term|instruction|reason|topic|details?|feedback|review|caption|input)s?$/i;

const loose = (value: JsonValue) => (typeof value === "string" ? fold(value).replace(/[^a-z0-9]+/g, "") : JSON.stringify(value));

function inSchemaValues(value: JsonValue, values: JsonValue[]): boolean {
  const key = loose(value);
  return values.some((candidate) => candidate === value || loose(candidate) === key || (typeof candidate === "number" && typeof value === "string" && parseNumeric(value) === candidate));
}

function where(sources: TextEvidence[]): string {
  const main = sources.find((source) => source.label.startsWith("user")) ?? sources[0];
  return main ? `${main.label} ${quote(main.raw)}` : "no user message";
}

function phraseSource(phrase: string, sources: TextEvidence[]): TextEvidence | undefined {
  return phrase.trim() ? sources.find((source) => source.phrase.includes(phrase)) : undefined;
}

// ---------- numbers ----------

/** Numbers the request writes that no argument of the message uses, in any reading. */
function unusedMentions(context: CallContext): string[] {
  const request = context.request;
  if (!request) return [];
  const used = context.usedNumbers;
  return request.mentions.filter((values) => !values.some((value) => matchesNumber(value, used))).map((values) => String(values[0]));
}

function groundNumber(value: number, hints: PropertyHints, sources: TextEvidence[], shown: string, context?: CallContext): Grounding {
  for (const source of sources) if (matchesNumber(value, source.numbers) || matchesNumber(-value, source.numbers)) return grounded(`found in ${source.label}`);
  if (hints.description && matchesNumber(value, hints.description.numbers)) return grounded("named in the parameter's description");
  for (const source of sources) {
    if (matchesConverted(value, source.converted)) {
      return { status: "weak", penalty: 0.03, reason: "matches a stated quantity only after converting units or periods", evidence: `value ${shown}; compared with ${source.label} ${quote(source.raw)}` };
    }
  }
  if (isWellKnownConstant(value)) {
    return { status: "weak", penalty: 0.03, reason: "is a well-known constant the request does not state", evidence: `value ${shown}` };
  }
  for (const source of sources) {
    // The same quantity written as a percentage or as a fraction (7 vs 0.07).
    if (matchesNumber(value * 100, source.numbers) || matchesNumber(value / 100, source.numbers)) {
      return { status: "weak", penalty: 0.05, reason: "matches a stated number only as a percentage", evidence: `value ${shown}` };
    }
  }
  if (value === 0 || value === 1) {
    return { status: "weak", penalty: 0.2, reason: "is a neutral value the request does not state", evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  // With a stated number left unused the value most likely replaced it; otherwise it may be
  // a value the agent inferred (a deck has 52 cards), which is doubtful but not damning.
  const unused = context ? unusedMentions(context) : [];
  return unused.length
    ? { status: "ungrounded", penalty: 0.6, reason: `does not appear in the conversation, which states ${unused.slice(0, 3).join(", ")} that no argument uses`, evidence: `value ${shown}; compared with ${where(sources)}` }
    : { status: "ungrounded", penalty: 0.4, reason: "does not appear in the conversation", evidence: `value ${shown}; compared with ${where(sources)}` };
}

// ---------- strings ----------

function wordsSupported(words: string[], sources: TextEvidence[], hints: PropertyHints): number {
  let found = 0;
  for (const word of words) {
    const numeric = /^\d/.test(word) ? Number(word) : Number.NaN;
    if (sources.some((source) => source.words.has(word) || (!Number.isNaN(numeric) && matchesNumber(numeric, source.numbers)))) found++;
    else if (hints.description?.words.has(word)) found++;
  }
  return found;
}

function groundDate(value: string, sources: TextEvidence[], shown: string): Grounding | null {
  const readings = parseDateValue(value);
  if (!readings.length) return null;
  if (sources.some((source) => source.dates.some((mentioned) => readings.some((reading) => sameDate(reading, mentioned))))) {
    return grounded("the same date is in the conversation");
  }
  const relative = sources.some((source) => source.label.startsWith("user") && RELATIVE_DATE_WORDS.test(source.raw));
  if (relative) return { status: "weak", penalty: 0.15, reason: "is a date the conversation only gives relatively", evidence: `value ${shown}; compared with ${where(sources)}` };
  return { status: "ungrounded", penalty: 0.6, reason: "is a date the conversation does not mention", evidence: `value ${shown}; compared with ${where(sources)}` };
}

function groundString(value: string, leaf: Leaf, hints: PropertyHints, sources: TextEvidence[], context: CallContext): Grounding {
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  const phrase = phraseText(value);
  if (!phrase.trim()) return grounded("no words to compare");
  const source = phraseSource(phrase, sources);
  if (source) return grounded(`found in ${source.label}`);
  const numeric = parseNumeric(value.replace(/\s+/g, ""));
  if (numeric !== null) return groundNumber(numeric, hints, sources, shown, context);
  const compact = fold(value).replace(/[^a-z0-9]+/g, "");
  if (compact.length >= 4) {
    const same = sources.find((candidate) => candidate.compact.includes(compact));
    if (same) return grounded(`found in ${same.label} (ignoring spacing and punctuation)`);
  }
  const date = groundDate(value, sources, shown);
  if (date) return date;
  if (descriptionNames(hints, value)) return grounded("named in the parameter's description");

  // "Paris, France" for "Paris": the leading part carries the meaning, the rest qualifies it.
  const segments = value.split(/\s*[,;(]\s*|\s+-\s+/).filter((part) => part.trim());
  if (segments.length > 1 && phraseSource(phraseText(segments[0]), sources) && segments.slice(1).every((part) => tokens(part).length <= 3)) {
    return grounded(`"${segments[0]}" is in the conversation; the rest qualifies it`);
  }

  const words = tokens(`${value} ${splitIdentifiers(value)}`).filter((word) => !STOPWORDS.has(word));
  const distinct = [...new Set(tokens(value).filter((word) => !STOPWORDS.has(word)))];
  if (!distinct.length) return grounded("only common words");
  // Acronyms both ways: "NYC" for "New York City" and "New York City" for "NYC".
  if (distinct.length === 1 && compact.length >= 2 && compact.length <= 6 && sources.some((candidate) => candidate.hasInitials(compact))) {
    return grounded("the initials of words in the conversation");
  }
  const initials = distinct.map((word) => word[0]).join("");
  if (distinct.length >= 2 && sources.some((candidate) => candidate.phrase.includes(` ${initials} `))) return grounded("spelled out from an abbreviation in the conversation");

  const expansion = abbreviationIn(value, sources);
  if (expansion) return { status: "weak", penalty: 0.05, reason: `abbreviates "${expansion}"`, evidence: `value ${shown}` };

  const found = wordsSupported([...new Set(words)], sources, hints);
  const coverage = found / new Set(words).size;
  if (coverage >= 0.999) return grounded("all its words are in the conversation");
  const freeText = FREE_TEXT_KEY.test(leaf.key) || distinct.length >= 5;
  if (coverage >= 0.5 || (freeText && coverage > 0)) {
    // A composed text may paraphrase; a short name with a missing word is another name.
    const penalty = freeText ? 0.1 * (1 - coverage) : 0.5 * (1 - coverage);
    return { status: "weak", penalty, reason: `is only partly in the conversation (${found} of ${new Set(words).size} words)`, evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  return { status: "ungrounded", penalty: 0.6 - 0.3 * coverage, reason: "does not appear in the conversation", evidence: `value ${shown}; compared with ${where(sources)}` };
}

/**
 * A short code that abbreviates words of the conversation: "USD" for "US dollars", "JPY" for
 * "Japanese yen", "FL" for "Florida", "mi" for "miles". Its letters must start a word and follow
 * in order through at most three consecutive words.
 */
function abbreviationIn(value: string, sources: TextEvidence[]): string | null {
  const code = value.trim();
  if (!/^[A-Za-z]{2,5}$/.test(code) || (code !== code.toUpperCase() && code.length > 3)) return null;
  const letters = code.toLowerCase();
  for (const source of sources) {
    const words = source.phrase.trim().split(" ");
    for (let start = 0; start < words.length; start++) {
      if (words[start][0] !== letters[0]) continue;
      let matched = 0;
      for (let end = start; end < Math.min(words.length, start + 3) && matched < letters.length; end++) {
        const word = words[end];
        const before = matched;
        for (let index = 0; index < word.length && matched < letters.length; index++) if (word[index] === letters[matched]) matched++;
        if (matched === letters.length) return words.slice(start, end + 1).join(" ");
        // Every word of the span must give a letter, starting with its own first one.
        if (matched === before || (end + 1 < words.length && words[end + 1][0] !== letters[matched])) break;
      }
    }
  }
  return null;
}

// ---------- booleans ----------

const GENERIC_FLAG_WORDS = new Set(["is", "include", "includes", "including", "show", "get", "use", "with", "enable", "enabled", "flag", "return", "has", "should", "allow", "want", "need", "only", "all", "data", "info", "information"]);
const NEGATION = /\b(no|not|without|don'?t|doesn'?t|exclude|excluding|except|skip|never|neither|nor)\b/;

function groundBoolean(value: boolean, leaf: Leaf, sources: TextEvidence[]): Grounding {
  const request = sources.filter((source) => source.label.startsWith("user"));
  const flagWords = tokens(splitIdentifiers(leaf.key)).filter((word) => !STOPWORDS.has(word) && !GENERIC_FLAG_WORDS.has(word));
  if (!flagWords.length || !request.length) return grounded("a flag the request does not speak about");
  const mention = request.find((source) => flagWords.some((word) => source.words.has(word)));
  if (value) {
    return mention ? grounded(`the request mentions ${flagWords.join(" ")}`) : { status: "weak", penalty: 0.05, reason: `is set although the request does not mention ${flagWords.join(" ")}`, evidence: `value true; compared with ${where(request)}` };
  }
  if (!mention) return grounded("not asked for");
  // "without the humidity" asks for false.
  const text = fold(mention.raw);
  const negated = flagWords.some((word) => new RegExp(`${NEGATION.source}(?:\\W+\\w+){0,3}?\\W+${word.slice(0, 5)}`).test(text));
  return negated
    ? grounded("the request declines it")
    : { status: "weak", penalty: 0.3, reason: `is false although the request mentions ${flagWords.join(" ")}`, evidence: `value false; compared with ${where(request)}` };
}

// ---------- entry point ----------

/** The request mentions a different allowed value than the one chosen. */
function contradictedOption(value: JsonValue, hints: PropertyHints, sources: TextEvidence[]): JsonValue | undefined {
  if (hints.options.length < 2) return undefined;
  const request = sources.filter((source) => source.label.startsWith("user"));
  const mentioned = (option: JsonValue) => {
    if (typeof option !== "string") return false;
    const phrase = phraseText(option);
    if (tokens(option).every((word) => STOPWORDS.has(word) || word.length < 3)) return false;
    return request.some((source) => source.phrase.includes(phrase));
  };
  if (mentioned(value)) return undefined;
  return hints.options.find((option) => option !== value && mentioned(option));
}

export function groundLeaf(leaf: Leaf, context: CallContext): Grounding {
  const { value } = leaf;
  if (value === null) return grounded("null");
  const hints = propertyHints(leaf.schema);
  const sources = context.sources;
  if (inSchemaValues(value, hints.defaults)) return grounded("the schema's default");
  if (inSchemaValues(value, hints.options)) {
    // Items of a list may each pick a different option; only a single choice can contradict.
    const other = leaf.path.endsWith("]") ? undefined : contradictedOption(value, hints, sources);
    return other === undefined
      ? grounded("one of the schema's allowed values")
      : { status: "ungrounded", penalty: 0.55, reason: `is an allowed value, but the request asks for ${JSON.stringify(other)}`, evidence: `value ${JSON.stringify(value)}; compared with ${where(sources)}` };
  }
  if (typeof value === "boolean") return groundBoolean(value, leaf, sources);
  if (typeof value === "number") return groundNumber(value, hints, sources, String(value), context);
  return groundString(value, leaf, hints, sources, context);
}
