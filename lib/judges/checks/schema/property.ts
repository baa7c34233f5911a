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
