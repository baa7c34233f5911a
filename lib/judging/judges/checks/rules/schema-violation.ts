import type { JsonValue } from "@/lib/transcripts/types";
import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import type { CallContext } from "../context";
import { descriptionNames, propertyHints } from "../schema/property";
import { validatorFor, type SchemaError } from "../schema/validator";
import { fold } from "../text/words";

function jsonType(value: JsonValue | undefined): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function valueAt(root: JsonValue | undefined, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== "object") return undefined;
    current = Array.isArray(current) ? current[Number(part)] : current[part];
  }
  return current;
}

const show = (value: JsonValue | undefined) => (value === undefined ? "nothing" : JSON.stringify(value).slice(0, 120));
const loose = (value: unknown) => (typeof value === "string" ? fold(value).replace(/[^a-z0-9]+/g, "") : JSON.stringify(value));

/**
 * A value the property's own schema offers, though its type or enum leave it out: its declared
 * default ("default": "dontcare" on an integer) or a value its description tells callers to use
 * ("Use 'dontcare' for any year"). The tool's author says the tool takes it.
 */
const SPELLED_SCALAR = /^(-?\d+(\.\d+)?|true|false|null)$/i;

function sanctionedBySchema(context: CallContext, path: string, value: JsonValue | undefined): boolean {
  if (value === undefined || value === null || typeof value === "object") return false;
  const leaf = context.leaves.find((candidate) => candidate.path === path);
  if (!leaf?.schema) return false;
  const hints = propertyHints(leaf.schema);
  // Exactly the default: "30" for a default of 30 is the wrong type, not the default.
  if (hints.defaults.includes(value)) return true;
  // A word the description offers ("dontcare"), not a number or boolean written as text.
  return typeof value === "string" && !SPELLED_SCALAR.test(value.trim()) && descriptionNames(hints, value);
}

/** A boolean or number written where the enum lists its text ("True" for true): the enum's finding says so, mildly. */
function enumSpellsIt(context: CallContext, path: string, value: JsonValue | undefined): boolean {
  if (typeof value !== "boolean" && typeof value !== "number") return false;
  const leaf = context.leaves.find((candidate) => candidate.path === path);
  return propertyHints(leaf?.schema).options.some((option) => typeof option === "string" && loose(option) === loose(String(value)));
}

function hitFor(error: SchemaError, context: CallContext): CheckHit | null {
  const value = valueAt(context.args, error.path);
  const at = error.path || "(arguments)";
  if ((error.keyword === "type" || error.keyword === "enum") && sanctionedBySchema(context, error.path, value)) {
    return { severity: "info", penalty: 0.02, path: error.path, message: `"${at}" is outside the schema's ${error.keyword === "type" ? "type" : "allowed values"}, but the schema itself offers this value (its default or its description).`, evidence: `value ${show(value)}` };
  }
  if (error.keyword === "type" && enumSpellsIt(context, error.path, value)) return null;
  switch (error.keyword) {
    case "additionalProperties":
      return null; // reported by the undeclared-argument check, with a suggestion
    case "required":
      return { severity: "critical", penalty: 0.85, path: error.path, message: `Required argument "${error.path}" is missing.`, evidence: `required by the schema of ${context.call.toolName}` };
    case "type":
      return {
        severity: "critical",
        penalty: 0.85,
        path: error.path,
        message: `"${at}" must be ${String(error.params.type)} but is ${jsonType(value)}.`,
        evidence: `value ${show(value)}`,
      };
    case "enum": {
      const allowed = (error.params.allowedValues as unknown[]) ?? [];
      // "Celsius" for "celsius" is a formatting slip, not a wrong choice.
      const near = allowed.find((option) => loose(option) === loose(value));
      return {
        severity: near === undefined ? "major" : "minor",
        penalty: near === undefined ? 0.6 : 0.2,
        path: error.path,
        message: near === undefined ? `"${at}" is not one of the allowed values.` : `"${at}" differs from the allowed value ${JSON.stringify(near)} only in case or punctuation.`,
        evidence: `value ${show(value)}; allowed: ${allowed.map((option) => JSON.stringify(option)).join(", ").slice(0, 200)}`,
      };
    }
    case "$schema":
      return { severity: "info", penalty: 0, message: `Arguments not validated: ${error.message}.` };
    default:
      return { severity: "major", penalty: 0.6, path: error.path, message: `"${at}" ${error.message}.`, evidence: `value ${show(value)}` };
  }
}

export const schemaViolation: Check = {
  id: "schema-violation",
  title: "Schema violation",
  severity: "critical",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy"],
  explanation: "The arguments are validated against the tool's JSON Schema (required, type, enum, const, pattern, format, bounds, nested objects and arrays); an integer is a valid number.",
  run(context) {
    if (!context.tool || !context.argsObject) return [];
    const errors = validatorFor(context.tool.function.parameters)(context.argsObject);
    if (!errors.length) return [];
    const hits: CheckHit[] = [];
    const seen = new Set<string>();
    for (const error of errors) {
      // anyOf/oneOf report every branch; one finding per path and keyword is enough.
      const key = `${error.path}|${error.keyword}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const hit = hitFor(error, context);
      if (hit) hits.push(hit);
    }
    return hits;
  },
};
