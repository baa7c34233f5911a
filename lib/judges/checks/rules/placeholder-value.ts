import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import type { JsonObject } from "@/lib/transcripts/types";
import type { Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { descriptionNames, looseKey, propertyHints } from "../schema/property";
import { FUNCTION_WORDS, fold, phraseText, tokens } from "../text/words";

// Values that stand for "fill me in": type names, template markers, sample data.
const PLACEHOLDER_WORDS = new Set([
  "string", "str", "text", "value", "todo", "tbd", "fixme", "xxx", "xxxx", "n/a", "undefined", "null", "none", "nil",
  "placeholder", "example", "sample", "foo", "bar", "baz", "qux", "lorem ipsum", "your api key", "api key", "insert here",
  "enter value", "unknown", "default", "dummy", "fake", "test123", "abc123", "john doe", "jane doe", "...", "…",
]);
const TEMPLATE = /^\s*(<[^<>]+>|\{\{[^{}]+\}\}|\$\{[^{}]+\}|\[[A-Z _-]+\]|\{[A-Z_]+\})\s*$/;
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

/** Values the user wrote themselves are theirs to choose, however placeholder-like. */
function userWrote(raw: string, request: TextEvidence | undefined): boolean {
  const phrase = phraseText(raw);
  return request !== undefined && phrase.trim() !== "" && request.phrase.includes(phrase);
}

/** True when `value` is the first word(s) of a sentence of the request. */
function opensASentence(value: string, request: TextEvidence): boolean {
  const words = tokens(value);
  if (!words.length || words.length > 3 || !OPENING_WORDS.has(words[0])) return false;
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

const SAMPLE_CONTACT = /(^|[@.\s])(example\.(com|org|net)|test\.com)\b|^(\+?1[-. ]?)?555[-. ]?01\d\d$|^(0{4,}|1234(5678?9?)?)$/i;

/**
 * Several different parameters all given 0 or 1 that the request never states: the agent
 * filled the slots rather than read the values from the request.
 */
function fillerNumbers(leaves: Leaf[], request: TextEvidence | undefined): CheckHit | null {
  const groups = new Map<number, string[]>();
  for (const leaf of leaves) {
    // Top-level arguments only: zeros inside a structure ("children": 0) are usually data.
    if (leaf.path !== leaf.key) continue;
    if ((leaf.value === 0 || leaf.value === 1) && !request?.numbers.has(leaf.value) && !propertyHints(leaf.schema).defaults.includes(leaf.value)) {
      groups.set(leaf.value, [...(groups.get(leaf.value) ?? []), leaf.path]);
    }
  }
  for (const [value, paths] of groups) {
    if (paths.length >= 2) {
      return { severity: "major", penalty: 0.5, message: `${paths.length} arguments are all ${value}, a value the request never states: they look filled in, not read from it.`, evidence: `${paths.join(", ")} = ${value}` };
    }
  }
  return null;
}

function schemaNames(leaf: Leaf, raw: string): boolean {
  const hints = propertyHints(leaf.schema);
  const loose = looseKey(raw);
  return hints.looseDefaults.has(loose) || hints.looseOptions.has(loose) || descriptionNames(hints, raw);
}

const PAIR_PREFIXES: ReadonlyArray<[RegExp, RegExp]> = [
  [/^(from|source|src|origin|start|begin|base)(_|-)?/i, /^(to|target|dest|destination|end|finish|quote)(_|-)?/i],
];

/**
 * "from_currency": "EUR" with "to_currency": "EUR", "origin" equal to "destination": a
 * conversion or route from a thing to itself, which no request means.
 */
function degeneratePair(args: JsonObject | undefined): CheckHit | null {
  if (!args) return null;
  const keys = Object.keys(args);
  for (const [fromPattern, toPattern] of PAIR_PREFIXES) {
    for (const from of keys) {
      const fromMatch = fromPattern.exec(from);
      if (!fromMatch) continue;
      const stem = from.slice(fromMatch[0].length).toLowerCase();
      for (const to of keys) {
        const toMatch = toPattern.exec(to);
        if (!toMatch || to.slice(toMatch[0].length).toLowerCase() !== stem) continue;
        const a = args[from];
        const b = args[to];
        if (typeof a === "string" && a.trim() !== "" && typeof b === "string" && fold(a).trim() === fold(b).trim()) {
          return { severity: "major", penalty: 0.5, path: to, message: `"${from}" and "${to}" are the same: the call would go from a value to itself.`, evidence: `${from} = ${to} = ${JSON.stringify(a)}` };
        }
      }
    }
  }
  return null;
}

export const placeholderValue: Check = {
  id: "placeholder-value",
  title: "Placeholder value",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy", "fabrication"],
  explanation:
    "A value such as \"string\", \"<city>\", \"TODO\", \"example.com\", an empty required string, or a lone question word (\"What\") stands in for a real value. Values the user wrote themselves are not flagged.",
  run(context) {
    const hits: CheckHit[] = [];
    const request = context.request;
    const required = new Set(
      Array.isArray(context.tool?.function.parameters.required) ? (context.tool?.function.parameters.required as string[]) : [],
    );
    for (const leaf of context.leaves) {
      if (typeof leaf.value !== "string") continue;
      const raw = leaf.value;
      const folded = fold(raw).trim();
      if (!folded) {
        if (required.has(leaf.path)) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `Required argument "${leaf.path}" is an empty string.`, evidence: "value \"\"" });
        continue;
      }
      // Placeholders are short; long values skip straight to the template test.
      const short = folded.length <= 40;
      let reason: string | null = null;
      if (TEMPLATE.test(raw)) reason = "is a template marker";
      else if (short && (PLACEHOLDER_WORDS.has(folded.replace(/[_-]+/g, " ")) || SAMPLE_CONTACT.test(folded)) && !userWrote(raw, request)) {
        reason = PLACEHOLDER_WORDS.has(folded.replace(/[_-]+/g, " ")) ? "is a placeholder" : "is sample data";
      } else if (short && FUNCTION_WORDS.has(folded.replace(/[^a-z]/g, "")) && /^[a-z' ]+[?!.]?$/i.test(folded)) reason = "is only a question or filler word, not a value";
      else if (short && request && opensASentence(raw, request)) reason = "is the opening word of the request, not a value";
      // A value the schema itself names ("default is 'default'") is never a placeholder.
      if (reason && schemaNames(leaf, raw)) reason = null;
      if (reason) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `"${leaf.path}" ${reason}.`, evidence: `value ${JSON.stringify(raw)}` });
    }
    const filler = fillerNumbers(context.leaves, request);
    if (filler) hits.push(filler);
    const pair = degeneratePair(context.argsObject);
    if (pair) hits.push(pair);
    return hits;
  },
};
