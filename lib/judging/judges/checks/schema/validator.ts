import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { isJsonObject } from "../json";
import { normalizeSchema, plainType, requiredNames } from "./normalize";
import { sharedCache } from "../shared-caches";

export interface SchemaError {
  /** Argument path in the project's notation: "items[0].id". */
  path: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

export type Validator = (value: JsonValue) => readonly SchemaError[];

// Most values are valid: they all get this one (never mutated) list rather than a new one each.
const NO_ERRORS: readonly SchemaError[] = Object.freeze([]);

// Meta-schema validation and code optimisation are off: for the short-lived, one-off schemas
// of tool definitions, compiling costs far more than validating (about a millisecond per schema,
// whatever its size). Ajv's own messages are off (less generated code); `describe` words them.
function newAjv(): Ajv {
  const instance = new Ajv({
    allErrors: true,
    strict: false,
    validateSchema: false,
    addUsedSchema: false,
    logger: false,
    messages: false,
    code: { optimize: false },
  });
  addFormats(instance);
  return instance;
}

// An Ajv instance keeps what every compilation needed (schemas, patterns, generated names) for
// its lifetime, so a long-running server that meets ever new tools would grow without bound.
// After this many compilations the instance is replaced; validators compiled by the old one
// keep working (they hold their own references) and leave with the bounded cache below.
const COMPILATIONS_PER_AJV = 500;
let ajv = newAjv();
let compilations = 0;

function compileWithAjv(schema: JsonObject): ValidateFunction {
  if (compilations >= COMPILATIONS_PER_AJV) {
    ajv = newAjv();
    compilations = 0;
  }
  compilations++;
  return ajv.compile(schema);
}

// Bounded so that a long-running server that sees many distinct schemas does not grow forever.
const MAX_CACHED = 5000;
const compiled = sharedCache(new Map<string, Validator>());
const byParameters = new WeakMap<object, Validator>();

/** "/items/0/id" -> "items[0].id". */
export function pointerToPath(pointer: string): string {
  let path = "";
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    path += /^\d+$/.test(segment) ? `[${segment}]` : path ? `.${segment}` : segment;
  }
  return path;
}

function joinPath(parent: string, child: string): string {
  if (!child) return parent;
  return child.startsWith("[") || !parent ? `${parent}${child}` : `${parent}.${child}`;
}

/** A short English rule for an Ajv error, from its keyword and params. */
export function describe(keyword: string, params: Record<string, unknown>): string {
  const show = (value: unknown) => JSON.stringify(value);
  switch (keyword) {
    case "required":
      return `must have required property '${String(params.missingProperty)}'`;
    case "type":
      return `must be ${String(params.type)}`;
    case "enum":
      return "must be one of the allowed values";
    case "const":
      return `must be ${show(params.allowedValue)}`;
    case "format":
      return `must match format "${String(params.format)}"`;
    case "pattern":
      return `must match pattern ${show(params.pattern)}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    case "multipleOf":
      return `must be a multiple of ${String(params.multipleOf)}`;
    case "minLength":
      return `must be at least ${String(params.limit)} characters long`;
    case "maxLength":
      return `must be at most ${String(params.limit)} characters long`;
    case "minItems":
      return `must have at least ${String(params.limit)} items`;
    case "maxItems":
      return `must have at most ${String(params.limit)} items`;
    case "uniqueItems":
      return `must not have duplicate items (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case "additionalProperties":
      return "must not have additional properties";
    case "anyOf":
    case "oneOf":
      return `must match ${keyword === "oneOf" ? "exactly one" : "at least one"} of the allowed shapes`;
    default:
      return `must satisfy "${keyword}"${Object.keys(params).length ? ` ${show(params)}` : ""}`;
  }
}

function toSchemaError(error: ErrorObject): SchemaError {
  let path = pointerToPath(error.instancePath);
  // Report a missing or undeclared property at its own path, not at its parent object.
  const params = error.params as Record<string, unknown>;
  const child = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (child !== undefined) path = joinPath(path, child);
  return { path, keyword: error.keyword, params, message: describe(error.keyword, params) };
}

/** `{ type: "array", items: {...} }`: each item through the (shared) validator of its schema. */
function arrayValidator(schema: JsonObject): Validator | null {
  const keys = Object.keys(schema);
  if (schema.type !== "array" || !keys.every((key) => key === "type" || key === "items") || !isJsonObject(schema.items)) return null;
  const items = compileCached(schema.items);
  return (value) => {
    if (!Array.isArray(value)) return [{ path: "", keyword: "type", params: { type: "array" }, message: describe("type", { type: "array" }) }];
    let errors: SchemaError[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const found = items(value[index]);
      for (let at = 0; at < found.length; at++) (errors ??= []).push({ ...found[at], path: joinPath(`[${index}]`, found[at].path) });
    }
    return errors ?? NO_ERRORS;
  };
}

/**
 * A validator per distinct normalised schema. Plain types, enums, arrays of them and flat
 * objects are checked inline (compiling each with Ajv costs about a millisecond, and they are
 * nearly all tool parameters); formats, patterns, bounds, combinators, tuples and references
 * go to Ajv.
 */
function compileCached(schema: JsonObject): Validator {
  const key = JSON.stringify(schema);
  let validator = compiled.get(key);
  if (validator) return validator;
  const inline = inlineValidator(schema) ?? arrayValidator(schema) ?? composed(schema);
  if (inline) {
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, inline);
    return inline;
  }
  let validate: ValidateFunction | undefined;
  let failure = "";
  try {
    validate = compileWithAjv(schema);
  } catch (error) {
    failure = `the tool's schema could not be compiled: ${error instanceof Error ? error.message : String(error)}`;
  }
  validator = validate
    ? (value) => (validate(value) ? [] : (validate.errors ?? []).map(toSchemaError))
    : () => [{ path: "", keyword: "$schema", params: {}, message: failure }];
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validator);
  return validator;
}

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

function hasType(value: JsonValue, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

function hasAnyType(value: JsonValue, types: readonly string[]): boolean {
  for (const type of types) if (hasType(value, type)) return true;
  return false;
}

/**
 * A schema that is only a type (or a union of types) and perhaps an enum of scalars is checked
 * inline, with the same errors Ajv gives: it is the most common property schema, and compiling
 * one with Ajv costs about a millisecond per distinct schema. Everything else goes to Ajv.
 */
function inlineValidator(schema: JsonObject): Validator | null {
  const keys = Object.keys(schema);
  if (!keys.every((key) => key === "type" || key === "enum")) return null;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.every((type): type is string => typeof type === "string" && PRIMITIVE_TYPES.has(type))) return null;
  const options = schema.enum;
  if (options !== undefined && (!Array.isArray(options) || options.some((option) => option !== null && typeof option === "object"))) return null;
  const typeName = types.join(",");
  return (value) => {
    const typeError = types.length > 0 && !hasAnyType(value, types);
    const enumError = options !== undefined && !options.includes(value);
    if (!typeError && !enumError) return NO_ERRORS;
    const errors: SchemaError[] = [];
    if (typeError) errors.push({ path: "", keyword: "type", params: { type: typeName }, message: describe("type", { type: typeName }) });
    if (enumError) errors.push({ path: "", keyword: "enum", params: { allowedValues: options }, message: describe("enum", {}) });
    return errors;
  };
}

const SIMPLE_ROOT = new Set(["type", "properties", "required", "additionalProperties", "$schema", "$id", "description", "title", "optional"]);
const byPropertySchema = new WeakMap<object, Validator>();

// Validators of schemas that are only a type, by type: found without building a cache key.
const byPlainType = sharedCache(new Map<string, Validator>());

function propertyValidator(schema: JsonObject): Validator {
  // Most property schemas are a type and prose, and every transcript brings its own copies of
  // them: they are looked up by type, not remembered per copy.
  const plain = plainType(schema);
  if (plain) {
    const type = plain.type;
    const key = type === undefined ? "" : typeof type === "string" ? type : JSON.stringify(type);
    let validator = byPlainType.get(key);
    if (!validator) byPlainType.set(key, (validator = compileCached(plain)));
    return validator;
  }
  let validator = byPropertySchema.get(schema);
  if (!validator) byPropertySchema.set(schema, (validator = compileCached(normalizeSchema(schema))));
  return validator;
}

/**
 * Most tool schemas are a flat object of properties. Each property schema ("an integer", "one
 * of these strings") recurs across many tools, so it is normalised and compiled once, when an
 * argument first needs it, and shared; the root's object type and required list are checked
 * here. Any other root keyword (oneOf, allOf, dependencies, patternProperties...) compiles the
 * whole schema instead.
 */
function composed(root: JsonObject): Validator | null {
  if (!Object.keys(root).every((key) => SIMPLE_ROOT.has(key))) return null;
  if (root.type !== undefined && normalizeSchema({ type: root.type }).type !== "object") return null;
  if (root.additionalProperties !== undefined && typeof root.additionalProperties !== "boolean") return null;
  const properties = isJsonObject(root.properties) ? root.properties : {};
  const required = requiredNames(properties, root.required);
  const closed = root.additionalProperties === false;
  return (value) => {
    if (!isJsonObject(value)) return [{ path: "", keyword: "type", params: { type: "object" }, message: "must be object" }];
    // Most arguments are valid: no list is built for them.
    let errors: SchemaError[] | null = null;
    for (let index = 0; index < required.length; index++) {
      const name = required[index];
      if (!(name in value)) (errors ??= []).push({ path: name, keyword: "required", params: { missingProperty: name }, message: `must have required property '${name}'` });
    }
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const schema = properties[name];
      if (isJsonObject(schema)) {
        const found = propertyValidator(schema)(value[name]);
        for (let index = 0; index < found.length; index++) (errors ??= []).push({ ...found[index], path: joinPath(name, found[index].path) });
      } else if (!(name in properties) && closed) {
        (errors ??= []).push({ path: name, keyword: "additionalProperties", params: { additionalProperty: name }, message: "must NOT have additional properties" });
      }
    }
    return errors ?? NO_ERRORS;
  };
}

/** A validator for a tool's `parameters`, built once per parameters object. */
export function validatorFor(parameters: JsonObject): Validator {
  const cached = byParameters.get(parameters);
  if (cached) return cached;
  const validator = composed(parameters) ?? compileCached(normalizeSchema(parameters));
  byParameters.set(parameters, validator);
  return validator;
}
