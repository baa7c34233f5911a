import type { JsonValue } from "@/lib/transcripts/types";
import type { CallContext, Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { looseKey, propertyHints, type PropertyHints } from "../schema/property";
import { parseNumeric } from "../text/numbers";
import { STOPWORDS, phraseText, tokens } from "../text/words";
import { isSingleShot } from "../conversation";
import { groundBoolean } from "./booleans";
import { groundNumber } from "./numbers";
import { grounded, userSources, where, type Grounding } from "./result";
import { groundString } from "./strings";

export type { Grounding } from "./result";

function inSchemaValues(value: JsonValue, values: JsonValue[], looseValues: Set<string>): boolean {
  if (!values.length) return false;
  if (values.includes(value) || looseValues.has(looseKey(value))) return true;
  // "5" for an allowed 5.
  return typeof value === "string" && values.some((candidate) => typeof candidate === "number" && parseNumeric(value) === candidate);
}

const NEGATORS = new Set(["not", "no", "without", "never", "don", "dont", "doesn", "isn", "aren", "except", "excluding", "nor", "neither", "avoid"]);

/** Whether the request's texts mention an allowed value (and do not say "not" just before it). */
function mentionedIn(option: JsonValue, request: TextEvidence[], affirmed = false): boolean {
  if (typeof option !== "string") return false;
  const words = tokens(option);
  if (words.every((word) => STOPWORDS.has(word) || word.length < 3)) return false;
  // One word may be inflected ("chronologically" for "chronological"); a phrase must match.
  if (words.length === 1 && !affirmed) return request.some((source) => source.words.has(words[0]));
  const phrase = phraseText(option);
  return request.some((source) => {
    const at = source.phrase.indexOf(phrase);
    if (at < 0) return false;
    if (!affirmed) return true;
    const before = source.phrase.slice(0, at).trim().split(" ").slice(-3);
    return !before.some((word) => NEGATORS.has(word));
  });
}

/**
 * The request mentions a different allowed value than the one chosen. Later in a conversation
 * only the user's latest message counts: an earlier wish may since have changed.
 */
function contradictedOption(value: JsonValue, hints: PropertyHints, sources: TextEvidence[], context: CallContext): JsonValue | undefined {
  if (hints.options.length < 2) return undefined;
  const latest = context.request;
  const request = isSingleShot(context.view.context) ? userSources(sources) : latest ? [latest] : [];
  if (mentionedIn(value, request)) return undefined;
  return hints.options.find((option) => option !== value && mentionedIn(option, request, true));
}

// A leaf belongs to one call's context, so its grounding is computed once for every check that asks.
const groundings = new WeakMap<Leaf, Grounding>();

export function groundLeaf(leaf: Leaf, context: CallContext): Grounding {
  let result = groundings.get(leaf);
  if (!result) {
    result = groundLeafOnce(leaf, context);
    groundings.set(leaf, result);
  }
  return result;
}

function groundLeafOnce(leaf: Leaf, context: CallContext): Grounding {
  const { value } = leaf;
  if (value === null) return grounded("null", "neutral");
  const hints = propertyHints(leaf.schema);
  const sources = context.sources;
  // A default or allowed value the request also names was read from it, not only from the schema.
  const named = () => (mentionedIn(value, userSources(sources)) ? "conversation" : "schema");
  if (inSchemaValues(value, hints.defaults, hints.looseDefaults)) return grounded("the schema's default", named());
  if (inSchemaValues(value, hints.options, hints.looseOptions)) {
    // Items of a list may each pick a different option; only a single choice can contradict.
    const other = leaf.path.endsWith("]") ? undefined : contradictedOption(value, hints, sources, context);
    return other === undefined
      ? grounded("one of the schema's allowed values", named())
      : { status: "ungrounded", penalty: 0.55, reason: `is an allowed value, but the request asks for ${JSON.stringify(other)}`, evidence: `value ${JSON.stringify(value)}; compared with ${where(sources)}` };
  }
  if (typeof value === "boolean") return groundBoolean(value, leaf, sources);
  // Booleans written as strings ("true" for a Java or JavaScript Boolean parameter).
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return groundBoolean(value.trim().toLowerCase() === "true", leaf, sources);
  if (typeof value === "number") return groundNumber(value, hints, sources, String(value), context, leaf.path.endsWith("]") ? undefined : leaf.key);
  return groundString(value, leaf, hints, sources, context);
}
