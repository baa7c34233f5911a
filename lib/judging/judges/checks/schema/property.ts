import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { analyseText, type TextEvidence } from "../evidence";
import { fold } from "../text/words";
import { sharedCache } from "../shared-caches";

/** What a property's schema itself says about acceptable values: default, enum, prose. */
export interface PropertyHints {
  defaults: JsonValue[];
  options: JsonValue[];
  /** Defaults and options reduced to letters and digits, for loose comparison. */
  looseDefaults: Set<string>;
  looseOptions: Set<string>;
  description: TextEvidence | undefined;
}

// Most properties have neither a default nor an enum: they share these empty lists and sets.
const NONE: JsonValue[] = [];
const NO_KEYS: Set<string> = new Set();
const EMPTY: PropertyHints = { defaults: NONE, options: NONE, looseDefaults: NO_KEYS, looseOptions: NO_KEYS, description: undefined };

/** A value reduced to letters and digits ("New-York" -> "newyork"); JSON for non-strings. */
export function looseKey(value: JsonValue): string {
  return typeof value === "string" ? fold(value).replace(/[^a-z0-9]+/g, "") : JSON.stringify(value);
}

/** Description, title and examples: the prose that may name acceptable values. */
function describedText(schema: JsonObject): string {
  let prose = typeof schema.description === "string" ? schema.description : "";
  if (typeof schema.title === "string") prose += ` \n ${schema.title}`;
  if (Array.isArray(schema.examples)) for (const example of schema.examples) if (typeof example === "string" || typeof example === "number") prose += ` \n ${example}`;
  return prose;
}

// Tools share parameter wordings ("The name of the city."), and every copy of a tool has its
// own schema objects: the analysis of a description is shared by its text.
const byDescription = sharedCache(new Map<string, TextEvidence>());

function describedEvidence(prose: string): TextEvidence {
  let evidence = byDescription.get(prose);
  if (!evidence) {
    evidence = analyseText(prose, "the parameter's description");
    if (byDescription.size >= 5000) byDescription.clear();
    byDescription.set(prose, evidence);
  }
  return evidence;
}

/**
 * Not remembered per schema object: every transcript brings its own copy of its tools' schemas,
 * mostly judged once, so a cache by object would only keep them alive; the costly part, the
 * description's analysis, is shared by its text.
 */
export function propertyHints(schema: JsonObject | undefined): PropertyHints {
  if (!schema) return EMPTY;
  const defaults = "default" in schema ? [schema.default] : NONE;
  const options = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : NONE;
  const prose = describedText(schema);
  return {
    defaults,
    options,
    looseDefaults: defaults.length ? new Set(defaults.map(looseKey)) : NO_KEYS,
    looseOptions: options.length ? new Set(options.map(looseKey)) : NO_KEYS,
    description: prose ? describedEvidence(prose) : undefined,
  };
}


/**
 * Whether the description names this value as an example, default or option: quoted
 * ("default is 'km'") or after "default", "e.g.", "such as", "one of"... A word that merely
 * occurs in the prose ("the company to invest in") does not count.
 */
/**
 * Whether the parameter's description offers the value to callers: quoted, or after a cue such as
 * "default is" or "one of". A value the description gives only as an example ("such as 'San
 * Francisco, CA'") is not offered: copied into a call the user never asked it for, it is made up.
 */
export function descriptionNames(hints: PropertyHints, value: string): boolean {
  return descriptionRole(hints, value) === "offered";
}

/** Whether the value is the description's example ("such as 'San Francisco, CA'"). */
export function descriptionExample(hints: PropertyHints, value: string): boolean {
  return descriptionRole(hints, value) === "example";
}

function descriptionRole(hints: PropertyHints, value: string): "offered" | "example" | null {
  const raw = hints.description?.raw;
  const text = value.trim();
  if (!raw || !text || text.length > 60) return null;
  // Cheap test first: most values are not in the description at all.
  if (!hints.description?.lower.includes(text.toLowerCase())) return null;
  return namedIn(raw, text);
}

const CUE = /\b(defaults?|e\.g|eg|such as|for example|for instance|examples?|i\.e|options?|one of|either|possible values?|allowed values?|accepted values?|format|ex\.)/g;
const EXAMPLE_CUE = /^(e\.g|eg|such as|for example|for instance|examples?|ex\.)$/;
const OPENING = new Set(["'", '"', "\u2018", "\u201c", "`", "(", "["]);
const CLOSING = new Set(["'", '"', "\u2019", "\u201d", "`", ")", "]"]);
const isWordChar = (char: string | undefined) => char !== undefined && /[a-z0-9]/i.test(char);

/** Plain string scanning rather than a regular expression built per value: this runs per leaf. */
function namedIn(raw: string, text: string): "offered" | "example" | null {
  const lower = raw.toLowerCase();
  const needle = text.toLowerCase();
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (isWordChar(lower[at - 1]) || isWordChar(lower[end])) continue;
    let before = at - 1;
    while (before >= 0 && lower[before] === " ") before--;
    let after = end;
    while (after < lower.length && lower[after] === " ") after++;
    // The nearest cue earlier in the same sentence: "default is km", "e.g. km or miles".
    const sentenceStart = Math.max(lower.lastIndexOf(".", at - 1) - 4, lower.lastIndexOf(";", at - 1), at - 80, 0);
    let cue: string | null = null;
    for (const match of lower.slice(sentenceStart, at).matchAll(CUE)) cue = match[1];
    if (cue !== null && EXAMPLE_CUE.test(cue)) return "example";
    if (cue !== null || (OPENING.has(lower[before]) && CLOSING.has(lower[after]))) return "offered";
  }
  return null;
}
