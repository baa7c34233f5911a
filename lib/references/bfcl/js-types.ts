import { PyDict, PyFloat, PyInt, type PyValue } from "../py-value";
import { BfclUnsupported } from "./java-types";
import { pyFloat, pyFullMatch, pyInt, stripChars } from "./python-text";
import { bracketGroups, jsObjectPairs } from "./scan";

/**
 * BFCL's `js_type_converter` (bfcl_eval/eval_checker/ast_eval/type_convertor/js_type_converter.py):
 * a JavaScript call's arguments are source text, read by the parameter's type. Its regular
 * expressions are kept as they are, with their quirks: `re.match` anchors only at the start, a
 * collection that fails to parse stays its text, and an array's elements are split on every comma.
 */

export const JS_TYPES = { String: "str", integer: "int", float: "float", Bigint: "int", Boolean: "bool", dict: "dict", array: "list", any: "str" } as const;

const INTEGER = pyFullMatch("-?[0-9]+");
const FLOAT = pyFullMatch("-?[0-9]+(\\.[0-9]+)?");
const BIGINT = pyFullMatch("-?[0-9]+n");

function intOf(text: string): PyValue {
  const value = pyInt(text);
  if (value === null) throw new BfclUnsupported(`invalid literal for int(): ${text}`);
  return new PyInt(value);
}

export function jsTypeConverter(value: string, expectedType: string, nestedType: string | null = null): PyValue {
  switch (expectedType) {
    case "String":
      return (value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")) ? value.slice(1, -1) : value;
    case "integer":
      return INTEGER.test(value) ? intOf(value) : value;
    case "float": {
      if (!FLOAT.test(value)) return value;
      return new PyFloat(pyFloat(value) ?? Number.NaN);
    }
    case "Bigint":
      return BIGINT.test(value) ? intOf(value.slice(0, -1)) : value;
    case "Boolean":
      return value === "true" || value === "false" ? value === "true" : value;
    case "dict":
      return parseCollection(value, "dict", nestedType);
    case "array":
      return parseCollection(value, "array", nestedType);
    case "any":
      return value;
    default:
      throw new BfclUnsupported(`Unsupported type: ${expectedType}`);
  }
}

// re.match: anchored at the start only.
const ARRAY_2D = /^(?:\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\))/;
const ARRAY = /^(?:\[(.*?)\]|\bnew\s+Array\((.*?)\))/;
const DICT = /^\{(.*?)\}/;

function parseCollection(raw: string, kind: "array" | "dict", nestedType: string | null): PyValue {
  const code = raw.trim();
  if (kind === "array") {
    // Python's bare `except:` returns the text on any error, a converter's included.
    try {
      return parseArray(code, nestedType);
    } catch {
      return code;
    }
  }
  if (code === "{}") return new PyDict(new Map());
  const match = DICT.exec(code);
  if (!match) return code;
  try {
    const entries = new Map<string, PyValue>();
    for (const [rawKey, rawValue] of jsObjectPairs(match[1])) {
      const key = stripChars(rawKey.trim(), "'\"");
      const value = rawValue.trim();
      if (value.startsWith("[") && value.endsWith("]")) entries.set(key, parseCollection(value, "array", null));
      else if (value.startsWith("{") && value.endsWith("}")) entries.set(key, parseCollection(value, "dict", null));
      else entries.set(key, parseJsValue(stripChars(value, "'\"")));
    }
    return new PyDict(entries);
  } catch {
    return code;
  }
}

function parseArray(code: string, nestedType: string | null): PyValue {
  const twoD = ARRAY_2D.exec(code);
  if (twoD) {
    return bracketGroups(twoD[0]).map((inner, index) => {
      let text = inner.trim();
      if (index === 0 && text.startsWith("[")) text = text.slice(1);
      return text.split(",").map((part) => parseJsValue(part.trim()));
    });
  }
  const match = ARRAY.exec(code);
  if (!match) return code;
  const body = (match[1] ?? match[2] ?? "").trim();
  const parts = body ? body.split(",") : [];
  if (!nestedType) return parts.map((part) => parseJsValue(part.trim()));
  return parts.map((part) => jsTypeConverter(part.trim(), nestedType, part.trim().startsWith("'") || part.trim().startsWith('"') ? "String" : null));
}

export function parseJsValue(raw: string): PyValue {
  const text = raw.trim();
  if (text === "true") return true;
  if (text === "false") return false;
  if ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"))) return text.slice(1, -1);
  const int = pyInt(text);
  if (int !== null) return new PyInt(int);
  const float = pyFloat(text);
  return float !== null ? new PyFloat(float) : text;
}
