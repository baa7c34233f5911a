import type { CallContext, Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { descriptionNames, type PropertyHints } from "../schema/property";
import { RELATIVE_DATE_WORDS, parseDateValue, sameDate } from "../text/dates";
import { responseStatus } from "../response-status";
import { editDistance } from "../text/edit-distance";
import { parseTimeValue } from "../text/times";
import { matchesNumber, parseNumeric } from "../text/numbers";
import { STOPWORDS, fold, phraseText, splitIdentifiers, tokens } from "../text/words";
import { groundNumber } from "./numbers";
import { grounded, phraseSource, where, type Grounding } from "./result";

// Parameters whose value the agent composes (a query, a message) rather than copies.
const FREE_TEXT_KEY = /(query|text|content|message|body|prompt|question|description|summary|note|comment|title|subject|keywords?|search|term|instruction|reason|topic|details?|feedback|review|caption|input)s?$/i;

// Source code in a value (a constructor call, a literal list): composed, not copied.
const CODE = /[(){}[\]<>"'=;]|::/;
// Parameter names that hold identifiers.
const ID_KEY = /(^|_|-)(id|ids|uuid|guid|key|code|number|no|num|token|ref|reference|handle|sku)$|[a-z](Id|ID|Ids|Key|Code|Number|Token|Ref)$/;

/**
 * A single token that identifies something: letters and digits mixed ("ZFA04Y", "#W2378156",
 * "card_4893", "mia_li_3668"), or any single token passed to a parameter named for an id.
 */
export function isIdentifier(value: string, key: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length < 4 || trimmed.length > 80 || !/^#?[A-Za-z0-9][A-Za-z0-9_.:@#-]*$/.test(trimmed)) return false;
  // "ResultSet.TYPE_FORWARD_ONLY", "report.txt": a dotted name is code or a file, not an id.
  if (/[A-Za-z]\.[A-Za-z]/.test(trimmed)) return false;
  return (/[A-Za-z]/.test(trimmed) && /\d/.test(trimmed)) || ID_KEY.test(key);
}

function groundExpression(value: string, sources: TextEvidence[], shown: string): Grounding {
  const numbers = (value.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  const missing = numbers.filter((number) => !sources.some((source) => source.numbers.has(number) || matchesNumber(number, source.numberList)));
  if (!missing.length) return grounded("every number of the expression is in the conversation");
  return { status: "weak", penalty: 0.1, reason: `is an expression whose ${missing.slice(0, 3).join(", ")} the conversation does not state (they may be computed)`, evidence: `value ${shown}` };
}

/** In hindsight: the tool answered the call with data, not an error or nothing. */
function acceptedByTool(context: CallContext): boolean {
  return context.view.mode === "hindsight" && responseStatus(context.view.response.message.content).kind === "ok";
}

/** A source word that differs by a typo: one edit for words of 5 to 7 letters, two for longer ones. */
function misspelledIn(word: string, sources: TextEvidence[]): boolean {
  if (word.length < 5 || /\d/.test(word)) return false;
  const allowed = word.length >= 8 ? 2 : 1;
  return sources.some((source) => source.tokens.some((candidate) => Math.abs(candidate.length - word.length) <= allowed && candidate[0] === word[0] && editDistance(candidate, word) <= allowed));
}

function wordsSupported(words: string[], sources: TextEvidence[], hints: PropertyHints): number {
  let found = 0;
  for (const word of words) {
    const numeric = /^\d/.test(word) ? Number(word) : Number.NaN;
    if (sources.some((source) => source.words.has(word) || (!Number.isNaN(numeric) && matchesNumber(numeric, source.numberList)))) found++;
    else if (hints.description?.words.has(word)) found++;
    else if (misspelledIn(word, sources)) found++;
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
  return { invented: true, status: "ungrounded", penalty: 0.6, reason: "is a date the conversation does not mention", evidence: `value ${shown}; compared with ${where(sources)}` };
}

/**
 * Values longer than this are documents the agent composed (a file's content, a whole e-mail):
 * comparing them word by word with the conversation would say little and cost seconds on a value
 * of megabytes, so the grounding abstains on them.
 */
export const MAX_GROUNDED_LENGTH = 20_000;

export function groundString(value: string, leaf: Leaf, hints: PropertyHints, sources: TextEvidence[], context: CallContext): Grounding {
  if (value.length > MAX_GROUNDED_LENGTH) return grounded(`is ${value.length.toLocaleString("en-US")} characters long, past the ${MAX_GROUNDED_LENGTH.toLocaleString("en-US")} the built-in judge compares with the conversation`, "neutral");
  const phrase = phraseText(value);
  if (!phrase.trim()) return grounded("no words to compare", "neutral");
  const source = phraseSource(phrase, sources);
  if (source) return grounded(`found in ${source.label}`);
  return groundUnquoted(value, leaf, hints, sources, context);
}

/** A value that is not a phrase of the conversation: the slower readings, in order. */
function groundUnquoted(value: string, leaf: Leaf, hints: PropertyHints, sources: TextEvidence[], context: CallContext): Grounding {
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  // Arithmetic ("2613 - 500 - 198"): each number must come from somewhere, or be a result computed before.
  // Dates ("2024-05-01", "5/1/2024") are not arithmetic: an operator must stand apart or be one dates never use.
  if (/^[\d\s.,+\-*/()%^]+$/.test(value) && (/\d\s+[-+*/^%]\s+[\d(]/.test(value) || /\d\s*[+*^%]\s*[\d(]/.test(value))) return groundExpression(value, sources, shown);
  const numeric = parseNumeric(value.replace(/\s+/g, ""));
  if (numeric !== null && !(isIdentifier(value, leaf.key) && /^\d{4,}$/.test(value.trim()))) return groundNumber(numeric, hints, sources, shown, context, leaf.path.endsWith("]") ? undefined : leaf.key);
  const compact = fold(value).replace(/[^a-z0-9]+/g, "");
  if (compact.length >= 4) {
    const same = sources.find((candidate) => candidate.compact.includes(compact));
    if (same) return grounded(`found in ${same.label} (ignoring spacing and punctuation)`);
  }
  const date = groundDate(value, sources, shown);
  if (date) return date;
  const time = parseTimeValue(value);
  if (time !== null) {
    const said = sources.find((candidate) => candidate.times.includes(time));
    if (said) return grounded(`the same time is in ${said.label}`);
  }
  if (descriptionNames(hints, value)) return grounded("named in the parameter's description", "schema");

  // "Paris, France" for "Paris": the leading part carries the meaning, the rest qualifies it.
  // Cut at the separators, then trimmed: "\s*[,;(]\s*" as a separator is quadratic on long runs of spaces.
  const segments = value
    .split(/[,;(]|(?<=\s)-(?=\s)/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (segments.length > 1 && phraseSource(phraseText(segments[0]), sources) && segments.slice(1).every((part) => tokens(part).length <= 3)) {
    return grounded(`"${segments[0]}" is in the conversation; the rest qualifies it`);
  }

  // A request in another script ("上海") cannot be compared word for word with a value in Latin
  // letters ("Shanghai, China"): the value may well be its translation.
  const userTexts = sources.filter((source) => source.label.startsWith("user"));
  if (userTexts.length && !userTexts.some((source) => source.latin) && /[a-z]/i.test(value)) {
    return { status: "weak", penalty: 0.05, reason: "cannot be compared with a request written in another script", evidence: `value ${shown}; compared with ${where(sources)}` };
  }

  // An identifier (an id, a code name, a variable) is copied, not composed: it is in an earlier
  // message or tool result as written, or nowhere. Sharing some of its words is no support.
  if (isIdentifier(value, leaf.key)) {
    // A tool that accepted the identifier and answered with data shows that it exists.
    if (acceptedByTool(context)) return { invented: true, status: "weak", penalty: 0.1, reason: "is an identifier the conversation does not contain, though the tool accepted it", evidence: `value ${shown}` };
    return { invented: true, status: "ungrounded", penalty: 0.65, reason: "is an identifier that no earlier message or tool result contains", evidence: `value ${shown}; compared with ${where(sources)}` };
  }

  // A web address is copied too: its host (a domain or an address) must come from somewhere.
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#\s]+)/i.exec(value.trim())?.[1];
  if (host && !sources.some((source) => source.lower.includes(host.toLowerCase())) && !(hints.description?.lower.includes(host.toLowerCase()) ?? false)) {
    if (acceptedByTool(context)) return { invented: true, status: "weak", penalty: 0.1, reason: `is an address on ${host}, which the conversation does not contain, though the tool accepted it`, evidence: `value ${shown}` };
    return { invented: true, status: "ungrounded", penalty: 0.6, reason: `is an address on ${host}, which no earlier message or tool result contains`, evidence: `value ${shown}; compared with ${where(sources)}` };
  }

  // A name with qualifiers ("Mountain View, CA"): if its leading part, which says which one, is
  // nowhere in the conversation, matching qualifiers or common words do not make up for it.
  if (segments.length > 1 && !CODE.test(value)) {
    const head = tokens(segments[0]).filter((word) => !STOPWORDS.has(word) && word.length > 1);
    const initials = head.map((word) => word[0]).join("");
    const abbreviated = head.length > 1 && sources.some((source) => source.phrase.includes(` ${initials} `));
    // "Los Angeles, CA" for "LA": the leading part spelled out, the rest qualifying it.
    if (abbreviated && segments.slice(1).every((part) => tokens(part).length <= 3)) return grounded(`"${segments[0]}" spells out an abbreviation in the conversation; the rest qualifies it`);
    if (head.length && !abbreviated && !head.some((word) => sources.some((source) => source.words.has(word)) || misspelledIn(word, sources))) {
      return { invented: true, status: "ungrounded", penalty: 0.6, reason: `names "${segments[0]}", which the conversation does not mention`, evidence: `value ${shown}; compared with ${where(sources)}` };
    }
  }

  const words = tokens(`${value} ${splitIdentifiers(value)}`).filter((word) => !STOPWORDS.has(word));
  const distinct = [...new Set(tokens(value).filter((word) => !STOPWORDS.has(word)))];
  if (!distinct.length) return grounded("only common words", "neutral");
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
    // A number in a name ("221B Baker Street" for "2020 Addison Street", "Room 12") is never
    // paraphrased: one the conversation does not hold makes it another name.
    if (!FREE_TEXT_KEY.test(leaf.key) && distinct.length <= 8) {
      // One or two digits alone may be a month or a day written as a number ("04-2022" for April 2022).
      const unheld = [...new Set(words)].filter((word) => /\d/.test(word) && !/^\d{1,2}$/.test(word) && !wordsSupported([word], sources, hints));
      if (unheld.length) {
        return { status: "ungrounded", penalty: 0.55, reason: `is only partly in the conversation, and its number ${unheld.slice(0, 2).join(", ")} is not`, evidence: `value ${shown}; compared with ${where(sources)}` };
      }
    }
    // A composed text may paraphrase; a short name with a missing word is another name.
    const penalty = freeText ? 0.1 * (1 - coverage) : 0.5 * (1 - coverage);
    return { status: "weak", penalty, reason: `is only partly in the conversation (${found} of ${new Set(words).size} words)`, evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  // A short upper-case code ("AAPL", "LAX", "GBP") is usually derived from a name the user
  // gave; it cannot be verified here, so it is a doubt rather than a defect.
  if (/^[A-Z]{2,5}$/.test(value.trim())) {
    return { status: "ungrounded", penalty: 0.4, reason: "is a code the conversation does not spell out", evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  return { ...(coverage > 0 ? {} : { invented: true as const }), status: "ungrounded", penalty: 0.6 - 0.3 * coverage, reason: "does not appear in the conversation", evidence: `value ${shown}; compared with ${where(sources)}` };
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
