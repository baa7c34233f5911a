import { bfclCallName } from "@/lib/references/bfcl/checker";
import type { BfclLanguage } from "./categories";

/**
 * BFCL's function docs as the OpenAI tools its function-calling handler sends, so that a
 * transcript shows the model what BFCL showed it. A port of, at gorilla 6ea5797:
 * - `_func_doc_language_specific_pre_processing` (bfcl_eval/utils.py): a language hint appended to
 *   every description; Java and JavaScript parameters become strings, their type said in words;
 * - `convert_to_tool` with `GORILLA_TO_OPENAPI` (model_handler/utils.py): dots in names become
 *   underscores, `dict` → `object`, `float` → `number` with `"format": "float"`, `tuple` → `array`,
 *   `any` → `string` (as BFCL sends it: the matcher reads such a parameter as a string, as BFCL's
 *   checker does), unknown types → `string`.
 * bench/bfcl's builders run BFCL's own code for the same; bench/bfcl-import/check-tools.ts checks
 * that both give the same tools on every BFCL question.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonRecord = { [key: string]: Json };

export interface BfclFunctionDoc {
  name: string;
  description?: string;
  parameters: JsonRecord;
}

export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonRecord };
}

const TO_OPENAPI: Record<string, string> = {
  integer: "integer",
  number: "number",
  float: "number",
  string: "string",
  boolean: "boolean",
  bool: "boolean",
  array: "array",
  list: "array",
  dict: "object",
  object: "object",
  tuple: "array",
  any: "string",
  byte: "integer",
  short: "integer",
  long: "integer",
  double: "number",
  char: "string",
  ArrayList: "array",
  Array: "array",
  HashMap: "object",
  Hashtable: "object",
  Queue: "array",
  Stack: "array",
  Any: "string",
  String: "string",
  Bigint: "integer",
};

const HINT: Record<BfclLanguage, string> = {
  python: " Note that the provided function is in Python 3 syntax.",
  java: " Note that the provided function is in Java 8 SDK syntax.",
  javascript: " Note that the provided function is in JavaScript syntax.",
};

const isRecord = (value: Json | undefined): value is JsonRecord => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: Json | undefined): string => (typeof value === "string" ? value : "");

export function bfclTools(functions: readonly BfclFunctionDoc[], language: BfclLanguage): OpenAiTool[] {
  return functions.map((doc) => {
    const parameters = structuredClone(doc.parameters);
    const properties = isRecord(parameters.properties) ? parameters.properties : {};
    if (language !== "python") describeSourceTypes(properties, language);
    parameters.type = "object";
    parameters.properties = castToOpenApi(properties);
    return { type: "function", function: { name: bfclCallName(doc.name), description: text(doc.description) + HINT[language], parameters } };
  });
}

/** Java and JavaScript values are sent as source text: every parameter becomes a string, its type said in words. */
function describeSourceTypes(properties: JsonRecord, language: "java" | "javascript"): void {
  const languageName = language === "java" ? "Java" : "JavaScript";
  for (const value of Object.values(properties)) {
    if (!isRecord(value)) continue;
    const type = text(value.type);
    value.description = text(value.description) + (type === "any" ? ` This parameter can be of any type of ${languageName} object in string representation.` : ` This is ${languageName} ${type} type parameter in string representation.`);
    const listType = language === "java" ? type === "ArrayList" || type === "Array" : type === "array";
    if (listType) {
      value.description += ` The list elements are of type ${isRecord(value.items) ? text(value.items.type) : ""}; they are not in string representation.`;
      delete value.items;
    }
    if (language === "javascript" && type === "dict" && "properties" in value) {
      value.description += ` The dictionary entries have the following schema; they are not in string representation. ${pythonJsonDumps(value.properties)}`;
      delete value.properties;
    }
    value.type = "string";
  }
}

/** `_cast_to_openai_type`: nested objects, lists of lists and lists of objects included. */
function castToOpenApi(properties: JsonRecord): JsonRecord {
  for (const value of Object.values(properties)) {
    if (!isRecord(value)) continue;
    if (!("type" in value)) value.type = "string";
    else {
      const type = text(value.type);
      if (type === "float") {
        value.format = "float";
        value.description = `${text(value.description)} This is a float type value.`;
      }
      value.type = TO_OPENAPI[type] ?? "string";
    }
    if (value.type !== "array" && value.type !== "object") continue;
    if (isRecord(value.properties)) castToOpenApi(value.properties);
    else if (isRecord(value.items)) {
      const items = value.items;
      items.type = mapped(items.type);
      if (items.type === "array" && isRecord(items.items)) items.items.type = mapped(items.items.type);
      else if (items.type === "object" && isRecord(items.properties)) castToOpenApi(items.properties);
    }
  }
  return properties;
}

/** BFCL indexes the mapping here (a KeyError for an unknown type); an unknown item type is kept as written. */
function mapped(type: Json | undefined): Json {
  return typeof type === "string" ? (TO_OPENAPI[type] ?? type) : (type ?? null);
}

/**
 * The source type of each parameter of a Java or JavaScript function, with the item type of a
 * list (`ArrayList<long>`): the tools say only `string`, and the checker reads values by these.
 */
export function sourceTypes(doc: BfclFunctionDoc): Record<string, string> {
  const properties = isRecord(doc.parameters.properties) ? doc.parameters.properties : {};
  return Object.fromEntries(
    Object.entries(properties).map(([param, prop]) => {
      const type = isRecord(prop) ? text(prop.type) : "";
      const items = isRecord(prop) && isRecord(prop.items) ? text(prop.items.type) : "";
      return [param, items && ["Array", "ArrayList", "array"].includes(type) ? `${type}<${items}>` : type];
    }),
  );
}

/** Python's `json.dumps` with its default separators (", " and ": ") and ASCII escapes. */
function pythonJsonDumps(value: Json | undefined): string {
  if (value === undefined || value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  return `{${Object.entries(value).map(([key, item]) => `${pythonJsonDumps(key)}: ${pythonJsonDumps(item)}`).join(", ")}}`;
}
