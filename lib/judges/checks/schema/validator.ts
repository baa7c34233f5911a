import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { JsonObject, JsonValue } from "@/lib/transcripts/types";
import { normalizeSchema, requiredNames } from "./normalize";

export interface SchemaError {
  /** Argument path in the project's notation: "items[0].id". */
  path: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

export type Validator = (value: JsonValue) => SchemaError[];

// One Ajv instance for the process. Meta-schema validation and code optimisation are off:
// for the short-lived, one-off schemas of tool definitions, compiling costs far more than
// validating (about a millisecond per schema, whatever its size).
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  validateSchema: false,
  addUsedSchema: false,
  logger: false,
  code: { optimize: false },
});
addFormats(ajv);

// Bounded so that a long-running server that sees many distinct schemas does not grow forever.
const MAX_CACHED = 5000;
const compiled = new Map<string, Validator>();
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

function toSchemaError(error: ErrorObject): SchemaError {
  let path = pointerToPath(error.instancePath);
  // Report a missing or undeclared property at its own path, not at its parent object.
  const params = error.params as Record<string, unknown>;
  const child = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (child !== undefined) path = joinPath(path, child);
  return { path, keyword: error.keyword, params, message: error.message ?? error.keyword };
}

/** An Ajv validator per distinct normalised schema. */
function compileCached(schema: JsonObject): Validator {
  const key = JSON.stringify(schema);
  let validator = compiled.get(key);
  if (validator) return validator;
  let validate: ValidateFunction | undefined;
  let failure = "";
  try {
    validate = ajv.compile(schema);
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

const SIMPLE_ROOT = new Set(["type", "properties", "required", "additionalProperties", "$schema", "$id", "description", "title", "optional"]);
const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const byPropertySchema = new WeakMap<object, Validator>();

function propertyValidator(schema: JsonObject): Validator {
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
  const properties = isObject(root.properties) ? root.properties : {};
  const required = requiredNames(properties, root.required);
  const closed = root.additionalProperties === false;
  return (value) => {
    if (!isObject(value)) return [{ path: "", keyword: "type", params: { type: "object" }, message: "must be object" }];
    const errors: SchemaError[] = [];
    for (const name of required) {
      if (!(name in value)) errors.push({ path: name, keyword: "required", params: { missingProperty: name }, message: `must have required property '${name}'` });
    }
    for (const name of Object.keys(value)) {
      const schema = properties[name];
      if (isObject(schema)) {
        for (const error of propertyValidator(schema)(value[name])) errors.push({ ...error, path: joinPath(name, error.path) });
      } else if (!(name in properties) && closed) {
        errors.push({ path: name, keyword: "additionalProperties", params: { additionalProperty: name }, message: "must NOT have additional properties" });
      }
    }
    return errors;
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
