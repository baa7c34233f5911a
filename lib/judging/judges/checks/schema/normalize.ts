import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { isJsonObject } from "../json";

/**
 * Tool schemas in the wild (BFCL, hand-written OpenAPI fragments) use Python and Java type names
 * ("float", "dict", "tuple", "any", "HashMap"), per-property `required: true` and `optional`
 * flags. They are rewritten into standard JSON Schema before Ajv sees them; annotations are
 * dropped so that schemas which differ only in wording share one compiled validator.
 */

const TYPE_ALIASES = new Map<string, string | null>(Object.entries({
  string: "string", str: "string", char: "string", character: "string", text: "string", date: "string", datetime: "string",
  number: "number", float: "number", double: "number", decimal: "number", numeric: "number",
  integer: "integer", int: "integer", long: "integer", short: "integer", byte: "integer", bigint: "integer",
  boolean: "boolean", bool: "boolean",
  object: "object", dict: "object", dictionary: "object", map: "object", hashmap: "object", json: "object", record: "object",
  array: "array", list: "array", tuple: "array", set: "array", arraylist: "array", sequence: "array",
  null: "null", none: "null", nonetype: "null",
  any: null, mixed: null, unknown: null,
}));

const ANNOTATIONS = new Set(["description", "title", "examples", "example", "$comment", "optional", "default", "deprecated", "readOnly", "writeOnly"]);
const NUMERIC_KEYWORDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]);
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);
const SCHEMA_KEYWORDS = new Set(["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "additionalItems"]);
const SCHEMA_LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Formats ajv-formats knows; any other is dropped rather than failing compilation. */
export const KNOWN_FORMATS = new Set([
  "date", "time", "date-time", "iso-time", "iso-date-time", "duration", "uri", "uri-reference", "uri-template", "url",
  "email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "json-pointer-uri-fragment", "relative-json-pointer",
  "byte", "int32", "int64", "float", "double", "password", "binary",
]);

/** Standard name of one type: null for "any" or an unknown name, undefined for a non-string. */
function typeName(name: JsonValue): string | null | undefined {
  return typeof name === "string" ? TYPE_ALIASES.get(name.trim().toLowerCase()) ?? null : undefined;
}

function normalizeType(type: JsonValue): JsonValue | undefined {
  if (Array.isArray(type)) {
    const names = type.map(typeName);
    // An unknown or "any" member makes the union accept anything.
    if (names.some((name) => name === null || name === undefined)) return undefined;
    const unique = [...new Set(names as string[])];
    return unique.length === 1 ? unique[0] : unique;
  }
  return typeName(type) ?? undefined;
}

/**
 * The commonest property schema is a type and prose ({"type": "float", "description": …}): its
 * normal form is `{type}` (or `{}`), what the general rewrite below would build, key by key.
 */
export function plainType(schema: JsonObject): JsonObject | null {
  for (const key in schema) if (key !== "type" && !ANNOTATIONS.has(key)) return null;
  const type = "type" in schema ? normalizeType(schema.type) : undefined;
  return type === undefined ? {} : { type };
}

export function normalizeSchema(schema: JsonValue): JsonObject {
  if (!isJsonObject(schema)) return {};
  const plain = plainType(schema);
  if (plain) return plain;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === "type") {
      const type = normalizeType(value);
      if (type !== undefined) out.type = type;
    } else if (key === "format") {
      if (typeof value === "string" && KNOWN_FORMATS.has(value)) out.format = value;
    } else if (key === "required") {
      if (Array.isArray(value)) out.required = value.filter((name): name is string => typeof name === "string");
    } else if (key === "pattern") {
      if (typeof value === "string" && compiles(value)) out.pattern = value;
    } else if (key === "enum") {
      if (Array.isArray(value) && value.length) out.enum = value;
    } else if (NUMERIC_KEYWORDS.has(key)) {
      if (typeof value === "number") out[key] = value;
    } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
      if (isJsonObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, normalizeSchema(sub)]));
    } else if (SCHEMA_KEYWORDS.has(key)) {
      if (typeof value === "boolean") out[key] = value;
      else if (key === "items" && Array.isArray(value)) out.items = value.map(normalizeSchema);
      else if (isJsonObject(value)) out[key] = normalizeSchema(value);
    } else if (SCHEMA_LIST_KEYWORDS.has(key)) {
      if (Array.isArray(value)) out[key] = value.map(normalizeSchema);
    } else {
      out[key] = value;
    }
  }
  liftPropertyFlags(schema, out);
  // `{"type": "array", "enum": ["a", "b"]}` is a common way of saying "a list of these values":
  // an enum of scalars on an array constrains its items (no array could equal a scalar).
  if (out.type === "array" && Array.isArray(out.enum) && out.enum.every((option) => option === null || typeof option !== "object")) {
    const items: JsonObject = isJsonObject(out.items) ? { ...out.items } : {};
    if (!("enum" in items)) items.enum = out.enum;
    out.items = items;
    delete out.enum;
  }
  // A tuple's item list is positional; a bare "tuple"/"array" accepts any items.
  if (out.type === "object" || (out.type === undefined && isJsonObject(out.properties))) {
    if (out.type === undefined) out.type = "object";
  }
  return out;
}

/**
 * The names an object requires: its `required` list plus properties flagged `required: true`,
 * minus those flagged `optional: true`. A required name the schema never declares cannot be
 * satisfied meaningfully: it is the schema's defect, not the call's, so it is dropped.
 */
export function requiredNames(properties: JsonObject, required: JsonValue | undefined): string[] {
  const names = new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : []);
  for (const [name, property] of Object.entries(properties)) {
    if (!isJsonObject(property)) continue;
    if (property.required === true) names.add(name);
    if (property.optional === true) names.delete(name);
  }
  return [...names].filter((name) => name in properties);
}

function liftPropertyFlags(source: JsonObject, out: JsonObject): void {
  const properties = source.properties;
  if (!isJsonObject(properties)) {
    if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
    return;
  }
  const declared = requiredNames(properties, out.required);
  if (declared.length) out.required = declared;
  else delete out.required;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
