import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import type { JsonObject } from "@/lib/transcripts/types";
import type { Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { descriptionNames, looseKey, propertyHints } from "../schema/property";
import { fold, phraseText, splitIdentifiers } from "../text/words";
import { opensASentence, valueShape } from "./placeholder-text";
import { isSingleShot } from "../conversation";
import { sharedCache } from "../shared-caches";

/** Values the user wrote themselves are theirs to choose, however placeholder-like. */
function userWrote(raw: string, request: TextEvidence | undefined): boolean {
  const phrase = phraseText(raw);
  return request !== undefined && phrase.trim() !== "" && request.phrase.includes(phrase);
}

/**
 * Several different parameters all given 0 or 1 that the request never states: the agent
 * filled the slots rather than read the values from the request.
 */
function fillerNumbers(leaves: Leaf[], request: TextEvidence | undefined, conversation: boolean): CheckHit | null {
  // Top-level arguments only: zeros inside a structure ("children": 0) are usually data.
  const unstated = leaves.filter(
    (leaf) => leaf.path === leaf.key && (leaf.value === 0 || leaf.value === 1) && !request?.numbers.has(leaf.value) && !propertyHints(leaf.schema).defaults.includes(leaf.value),
  );
  if (unstated.length < 2) return null;
  const groups = new Map<number, string[]>();
  for (const leaf of unstated) groups.set(leaf.value as number, [...(groups.get(leaf.value as number) ?? []), leaf.path]);
  for (const [value, paths] of groups) {
    if (paths.length >= 2) {
      // In a conversation such counts (bags, extra guests) are often settled by what was not
      // asked for in earlier turns: a doubt there, evidence in a single request.
      return { severity: "minor", penalty: conversation ? 0.25 : 0.45, message: `${paths.length} arguments are all ${value}, a value the request never states: they look filled in, not read from it.`, evidence: `${paths.join(", ")} = ${value}` };
    }
  }
  return null;
}

const NOTHING = /^[\s:=\-–—]*(\([^)]{0,20}\)[\s:=\-–—]*)?(none|n\/?a|nothing|empty|blank|null|not applicable|no)\b/i;

/**
 * Whether something before the call says the argument has no value: a tool result holding it
 * empty (`"address2": ""`) or a message saying so ("Address2: none", "address 2 - n/a").
 */
function statedEmpty(path: string, sources: readonly TextEvidence[]): boolean {
  const name = (path.split(".").pop() ?? path).replace(/\[\d+\]$/, "").toLowerCase();
  if (!name) return false;
  const spaced = splitIdentifiers(name).toLowerCase().replace(/([a-z])(\d)/g, "$1 $2");
  for (const source of sources) {
    const text = source.raw.toLowerCase();
    if (text.includes(`"${name}": ""`) || text.includes(`"${name}":""`)) return true;
    for (const variant of spaced === name ? [name] : [name, spaced]) {
      for (let at = text.indexOf(variant); at >= 0; at = text.indexOf(variant, at + 1)) {
        if (NOTHING.test(text.slice(at + variant.length, at + variant.length + 40))) return true;
      }
    }
  }
  return false;
}

function schemaNames(leaf: Leaf, raw: string): boolean {
  const hints = propertyHints(leaf.schema);
  const loose = looseKey(raw);
  return hints.looseDefaults.has(loose) || hints.looseOptions.has(loose) || descriptionNames(hints, raw);
}

const FROM_PREFIX = /^(from|source|src|origin|start|begin|base)(_|-)?/i;
const TO_PREFIX = /^(to|target|dest|destination|end|finish|quote)(_|-)?/i;

/** What an argument name says after a "from" or "to" prefix ("currency" in "to_currency"). */
interface PairKey {
  from: string | null;
  to: string | null;
}

const pairKeys = sharedCache(new Map<string, PairKey>());

function pairKey(name: string): PairKey {
  let key = pairKeys.get(name);
  if (!key) {
    const from = FROM_PREFIX.exec(name);
    const to = TO_PREFIX.exec(name);
    key = { from: from ? name.slice(from[0].length).toLowerCase() : null, to: to ? name.slice(to[0].length).toLowerCase() : null };
    // Argument names are few; bounded all the same.
    if (pairKeys.size >= 10_000) pairKeys.clear();
    pairKeys.set(name, key);
  }
  return key;
}

/**
 * "from_currency": "EUR" with "to_currency": "EUR", "origin" equal to "destination": a
 * conversion or route from a thing to itself, which no request means.
 */
function degeneratePair(args: JsonObject | undefined): CheckHit | null {
  if (!args) return null;
  let keys: string[] | null = null;
  for (const from in args) {
    const stem = pairKey(from).from;
    if (stem === null) continue;
    // Most arguments have no "from" name: only then are the names listed.
    for (const to of (keys ??= Object.keys(args))) {
      if (pairKey(to).to !== stem) continue;
      const a = args[from];
      const b = args[to];
      // A range may start and end on the same day or number ("from 2024-03-12 to 2024-03-12").
      if (typeof a === "string" && a.trim() !== "" && typeof b === "string" && fold(a).trim() === fold(b).trim() && !/\d/.test(a) && a.trim().toLowerCase() !== "null") {
        return { severity: "major", penalty: 0.6, path: to, message: `"${from}" and "${to}" are the same: the call would go from a value to itself.`, evidence: `${from} = ${to} = ${JSON.stringify(a)}` };
      }
    }
  }
  return null;
}

/** Whether the tool requires the argument: asked only of empty values, which are rare. */
function isRequired(parameters: JsonObject | undefined, path: string): boolean {
  return Array.isArray(parameters?.required) && parameters.required.includes(path);
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
    for (const leaf of context.leaves) {
      if (typeof leaf.value !== "string") continue;
      const raw = leaf.value;
      const shape = valueShape(raw);
      if (shape.empty) {
        if (isRequired(context.tool?.function.parameters, leaf.path) && !statedEmpty(leaf.path, context.sources)) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `Required argument "${leaf.path}" is an empty string.`, evidence: "value \"\"" });
        continue;
      }
      let reason: string | null = null;
      if (shape.template) reason = "is a template marker";
      else if (shape.standIn && !userWrote(raw, request)) reason = shape.standIn;
      else if (shape.filler) reason = "is only a question or filler word, not a value";
      else if (shape.opener && request && opensASentence(raw, request)) reason = "is the opening word of the request, not a value";
      // A value the schema itself names ("default is 'default'") is never a placeholder.
      if (reason && schemaNames(leaf, raw)) reason = null;
      if (reason) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `"${leaf.path}" ${reason}.`, evidence: `value ${JSON.stringify(raw)}` });
    }
    const filler = fillerNumbers(context.leaves, request, !isSingleShot(context.view.context));
    if (filler) hits.push(filler);
    const pair = degeneratePair(context.argsObject);
    if (pair) hits.push(pair);
    return hits;
  },
};
