import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { analyseText, type TextEvidence } from "../evidence";

/** What a property's schema itself says about acceptable values: default, enum, prose. */
export interface PropertyHints {
  defaults: JsonValue[];
  options: JsonValue[];
  description: TextEvidence | undefined;
}

const cache = new WeakMap<JsonObject, PropertyHints>();
const EMPTY: PropertyHints = { defaults: [], options: [], description: undefined };

export function propertyHints(schema: JsonObject | undefined): PropertyHints {
  if (!schema) return EMPTY;
  const cached = cache.get(schema);
  if (cached) return cached;
  const defaults = "default" in schema ? [schema.default] : [];
  const options = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : [];
  const prose = [schema.description, schema.title, ...(Array.isArray(schema.examples) ? schema.examples : [])]
    .filter((part): part is string | number => typeof part === "string" || typeof part === "number")
    .join(" \n ");
  const hints: PropertyHints = { defaults, options, description: prose ? analyseText(prose, "the parameter's description") : undefined };
  cache.set(schema, hints);
  return hints;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether the description names this value as an example, default or option: quoted
 * ("default is 'km'") or after "default", "e.g.", "such as", "one of"... A word that merely
 * occurs in the prose ("the company to invest in") does not count.
 */
export function descriptionNames(hints: PropertyHints, value: string): boolean {
  const raw = hints.description?.raw;
  const text = value.trim();
  if (!raw || !text || text.length > 60) return false;
  // Cheap test first: most values are not in the description at all.
  if (!raw.toLowerCase().includes(text.toLowerCase())) return false;
  const pattern = escape(text);
  if (new RegExp(`["'\u2018\u201c\`(\\[]\\s*${pattern}\\s*["'\u2019\u201d\`)\\]]`, "i").test(raw)) return true;
  return new RegExp(
    `\\b(defaults?( value)?|e\\.g\\.?|eg|such as|for example|for instance|examples?|i\\.e\\.?|options?|one of|either|possible values?|allowed values?|accepted values?|format|ex\\.)[^.;]{0,80}?(^|[^a-z0-9])${pattern}($|[^a-z0-9])`,
    "i",
  ).test(raw);
}
