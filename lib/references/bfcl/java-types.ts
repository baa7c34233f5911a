import { PyDict, PyFloat, PyInt, type PyValue } from "../py-value";
import { pyFloat, pyFullMatch, pyInt } from "./python-text";
import { arrayListAdds, hashMapPutPairs, hashMapPuts, hasEmptyHashMap } from "./scan";

/**
 * BFCL's `java_type_converter` (bfcl_eval/eval_checker/ast_eval/type_convertor/java_type_converter.py):
 * a Java call's arguments are source text, read by the parameter's Java type. Text that does not
 * read as the type stays a string, which then fails the type check. Its quirks are kept: a `char`
 * never converts, an `ArrayList` of `String` only drops each element's first and last character.
 */

/** The checker raised (an unsupported type): BFCL's own run would stop on this call. */
export class BfclUnsupported extends Error {}

export const JAVA_TYPES = {
  byte: "int",
  short: "int",
  integer: "int",
  float: "float",
  double: "float",
  long: "int",
  boolean: "bool",
  char: "str",
  Array: "list",
  ArrayList: "list",
  Set: "set",
  HashMap: "dict",
  Hashtable: "dict",
  Queue: "list",
  Stack: "list",
  String: "str",
  any: "str",
} as const;

const INTEGER = pyFullMatch("-?[0-9]+");
const FLOAT = pyFullMatch("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?[fF]");
const DOUBLE = pyFullMatch("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
const LONG = pyFullMatch("-?[0-9]+[lL]");
// re.sub(r"[fF]$", "") and re.sub(r"[lL]$", ""): `$` also before a final newline.
const dropSuffix = (value: string, suffix: RegExp) => value.replace(suffix, "");

function toInt(text: string): PyValue {
  const value = pyInt(text);
  if (value === null) throw new BfclUnsupported(`invalid literal for int(): ${text}`);
  return new PyInt(value);
}
function toFloat(text: string): PyValue {
  const value = pyFloat(text);
  if (value === null) throw new BfclUnsupported(`could not convert string to float: ${text}`);
  return new PyFloat(value);
}

export function javaTypeConverter(value: string, expectedType: string, nestedType: string | null = null): PyValue {
  switch (expectedType) {
    case "byte":
    case "short":
    case "integer":
      return INTEGER.test(value) ? toInt(value) : value;
    case "float":
      return FLOAT.test(value) ? toFloat(dropSuffix(value, /[fF](?=\n?$)/)) : value;
    case "double":
      return DOUBLE.test(value) ? toFloat(value) : value;
    case "long":
      return LONG.test(value) ? toInt(dropSuffix(value, /[lL](?=\n?$)/)) : value;
    case "boolean":
      return value === "true" || value === "false" ? value === "true" : value;
    case "char":
      // BFCL's pattern (^\'.$\') can never match: a char stays the text it was given.
      return value;
    case "Array":
      return parseArray(value, nestedType);
    case "ArrayList":
      return parseArrayList(value, nestedType);
    case "HashMap":
      return parseHashMap(value);
    case "String":
    case "any":
      return value;
    default:
      throw new BfclUnsupported(`${expectedType} conversion is not implemented`);
  }
}

function element(text: string, nestedType: string | null): PyValue {
  // Quotes are cut off, not parsed: 'a' and "a" lose their first and last characters, whatever they are.
  if (nestedType === "char" || nestedType === "String") return text.slice(1, -1);
  return nestedType ? javaTypeConverter(text, nestedType) : parseJavaValue(text);
}

function parseArrayList(input: string, nestedType: string | null): PyValue {
  const asList = /new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)/.exec(input);
  if (asList) return asList[1].split(",").map((part) => element(part.trim(), nestedType));
  const added = arrayListAdds(input);
  if (added !== null) return [...added.matchAll(/add\((.+?)\)/g)].map((match) => element(match[1].trim(), nestedType));
  if (/new\s+ArrayList<\w*>\(\)/.test(input)) return [];
  return input;
}

function parseArray(input: string, nestedType: string | null): PyValue {
  const match = /new\s+\w+\[\]\s*\{(.*?)\}/.exec(input);
  if (!match) return input;
  const parts = match[1].split(",").filter((part) => part.trim());
  return parts.map((part) => (nestedType ? javaTypeConverter(part.trim(), nestedType) : parseJavaValue(part.trim())));
}

function parseHashMap(input: string): PyValue {
  const puts = hashMapPuts(input);
  if (puts !== null) {
    const entries = new Map<string, PyValue>();
    if (puts.trim()) {
      for (const [key, value] of hashMapPutPairs(puts)) entries.set(key, parseJavaValue(value.trim()));
    }
    return new PyDict(entries);
  }
  if (hasEmptyHashMap(input)) return new PyDict(new Map());
  return input;
}

export function parseJavaValue(text: string): PyValue {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  if (LONG.test(text)) return new PyInt(BigInt(text.replace(/\n$/, "").slice(0, -1)));
  if (FLOAT.test(text)) return toFloat(dropSuffix(text, /[fF](?=\n?$)/));
  const int = pyInt(text);
  if (int !== null) return new PyInt(int);
  const float = pyFloat(text);
  return float !== null ? new PyFloat(float) : text;
}
