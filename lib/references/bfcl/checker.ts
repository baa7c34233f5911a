import { PyDict, PyFloat, pyIn, pyType, type PyType, type PyValue } from "../py-value";
import { BfclUnsupported, JAVA_TYPES, javaTypeConverter } from "./java-types";
import { JS_TYPES, jsTypeConverter } from "./js-types";

/**
 * BFCL's AST checker (bfcl_eval/eval_checker/ast_eval/ast_checker.py at gorilla 6ea5797), rule for
 * rule, so that a reference with `preset: "bfcl"` gives BFCL's verdicts, its quirks included:
 * strings are normalised only at the top level, in lists and in dict values; an int passes for
 * a float only at the top level; a value of the possible answer's type is taken for a variable;
 * parallel calls are paired greedily. Error types are BFCL's own strings.
 */

export type BfclLanguage = "python" | "java" | "javascript";

/** A parameter as BFCL's function doc gives it: its source type and, for arrays, its items' type. */
export interface BfclParam {
  type: string;
  itemsType: string | null;
}

export interface BfclFunction {
  name: string;
  /** The name a call must give: bfclCallName(name). */
  callName: string;
  /** The parameter as the doc declares it, or undefined for one it does not declare. */
  param(name: string): BfclParam | undefined;
  required: readonly string[];
}

/** One expected call: a function name and, per parameter, the values that pass ("" where it may be left out). */
export interface BfclAnswer {
  name: string;
  allowed: ReadonlyMap<string, readonly PyValue[]>;
}

/** One call the model made, decoded: BFCL's `{name: params}`. */
export interface BfclCall {
  name: string;
  params: PyDict;
}

export interface BfclResult {
  valid: boolean;
  errorType: string | null;
  error: string;
  /** The parameter the error is about, when there is one. */
  param?: string;
  isVariable?: boolean;
}

const VALID: BfclResult = { valid: true, errorType: null, error: "" };
function invalid(errorType: string, error: string, param?: string): BfclResult {
  return param === undefined ? { valid: false, errorType, error } : { valid: false, errorType, error, param };
}

const PYTHON_TYPES: Record<string, PyType> = { string: "str", integer: "int", float: "float", boolean: "bool", array: "list", tuple: "list", dict: "dict", any: "str" };
const PYTHON_NESTED = new Set(["array", "tuple"]);
const NESTED_CONVERSION = new Set(["Array", "ArrayList", "array"]);

/** OpenAI function names cannot hold ".": BFCL compares a dotted name with its dots made underscores. */
export function bfclCallName(name: string): string {
  return name.includes(".") ? name.replace(/\./g, "_") : name;
}

function possibleAnswerType(answers: readonly PyValue[]): PyType | null {
  for (const answer of answers) if (answer !== "") return pyType(answer);
  return null;
}

// A type check that passes says only whether the value was taken for a variable: shared results, as
// every argument of every call is type-checked.
const TYPE_PASSES: BfclResult = { valid: true, errorType: "type_error:simple", error: "", isVariable: false };
const TYPE_PASSES_AS_VARIABLE: BfclResult = { ...TYPE_PASSES, isVariable: true };
const NESTED_TYPES_PASS: BfclResult = { valid: true, errorType: null, error: "", isVariable: false };
const NESTED_TYPES_PASS_AS_VARIABLE: BfclResult = { ...NESTED_TYPES_PASS, isVariable: true };

function typeChecker(param: string, value: PyValue, answers: readonly PyValue[], expected: PyType, nested: PyType | null): BfclResult {
  let nestedFailure: BfclResult | null = null;
  const answerType = possibleAnswerType(answers);
  const isVariable = answerType !== null && answerType !== expected;
  if (pyType(value) === expected) {
    if (nested === null) return isVariable ? TYPE_PASSES_AS_VARIABLE : TYPE_PASSES;
    for (const answer of answers) {
      let flag = true;
      if (Array.isArray(answer) && Array.isArray(value)) {
        for (const item of value) {
          if (!typeChecker(param, item, answer, nested, null).valid) {
            flag = false;
            break;
          }
        }
      }
      if (flag) return isVariable ? NESTED_TYPES_PASS_AS_VARIABLE : NESTED_TYPES_PASS;
    }
    nestedFailure = invalid("type_error:nested", `Nested type checking failed for parameter '${param}'.`, param);
  }
  if (answerType !== null && pyType(value) === answerType) return nestedFailure ? { ...nestedFailure, isVariable: true } : TYPE_PASSES_AS_VARIABLE;
  return invalid("type_error:simple", `Incorrect type for parameter '${param}'. Expected type ${expected}, got ${pyType(value)}.`, param);
}

// The same strings are standardized again and again: every check of a call compares its strings
// with each possible answer's, and a task's transcripts share their possible answers.
const standardized = new Map<string, string>();
const MAX_STANDARDIZED = 20_000;

/** BFCL's standardize_string: no spaces or , . / - _ * ^, lower case, ' as ". */
export function standardize(text: string): string {
  let result = standardized.get(text);
  if (result === undefined) {
    result = text.replace(/[ ,./\-_*^]/g, "").toLowerCase().replace(/'/g, '"');
    if (standardized.size >= MAX_STANDARDIZED) standardized.clear();
    standardized.set(text, result);
  }
  return result;
}

/** Forgets the strings standardized so far (benchmarks measure the work, not this memo). */
export function clearStandardized(): void {
  standardized.clear();
}

function standardizeIfString(value: PyValue): PyValue {
  return typeof value === "string" ? standardize(value) : value;
}

function stringChecker(param: string, value: string, answers: readonly PyValue[]): BfclResult {
  const given = standardize(value);
  for (const answer of answers) if (typeof answer === "string" && standardize(answer) === given) return VALID;
  return invalid("value_error:string", `Invalid value for parameter '${param}'.`, param);
}

/** Python's len() and iteration over a possible answer that should be a list ("" iterates as nothing). */
function itemsOf(answer: PyValue): PyValue[] {
  if (Array.isArray(answer)) return answer;
  if (typeof answer === "string") return [...answer];
  throw new BfclUnsupported("a possible answer that should be a list is not one");
}

/** Python's `item in container`: membership in a list, a substring in a string, a key in a dict. */
function pyContains(container: PyValue, item: PyValue): boolean {
  if (Array.isArray(container)) return pyIn(item, container);
  if (typeof container === "string") return typeof item === "string" && container.includes(item);
  if (container instanceof PyDict) return typeof item === "string" && container.entries.has(item);
  throw new BfclUnsupported("argument of this type is not iterable");
}

function listChecker(param: string, value: PyValue[], answers: readonly PyValue[]): BfclResult {
  const output = value.map(standardizeIfString);
  const wanted = answers.map((answer) => itemsOf(answer).map(standardizeIfString));
  return pyIn(output, wanted) ? VALID : invalid("value_error:list/tuple", `Invalid value for parameter '${param}'.`, param);
}

function dictChecker(param: string, value: PyDict, answers: readonly PyValue[]): BfclResult {
  let result = invalid("dict_checker:unclear", "", param);
  for (const answer of answers) {
    if (answer === "") continue;
    result = invalid("dict_checker:unclear", "", param);
    if (!(answer instanceof PyDict)) throw new BfclUnsupported("a possible answer of a dict parameter is not a dict");
    let flag = true;
    for (const [key, item] of value.entries) {
      if (!answer.entries.has(key)) {
        result = invalid("value_error:dict_key", `Unexpected dict key parameter: '${key}'.`, `${param}.${key}`);
        flag = false;
        break;
      }
      const wanted = itemsOf(answer.entries.get(key) ?? null).map(standardizeIfString);
      if (!pyIn(standardizeIfString(item), wanted)) {
        result = invalid("value_error:dict_value", `Invalid value for parameter '${key}'.`, `${param}.${key}`);
        flag = false;
        break;
      }
    }
    for (const [key, wanted] of answer.entries) {
      if (!value.entries.has(key) && !pyContains(wanted, "")) {
        result = invalid("value_error:dict_key", `Missing dict key parameter: '${key}'.`, `${param}.${key}`);
        flag = false;
        break;
      }
    }
    if (flag) return VALID;
  }
  return result;
}

function listDictChecker(param: string, value: PyValue[], answers: readonly PyValue[]): BfclResult {
  let result = invalid("list_dict_checker:unclear", "", param);
  for (const answer of answers) {
    const dicts = itemsOf(answer);
    if (value.length !== dicts.length) {
      result = invalid("value_error:list_dict_count", "Wrong number of dictionaries in the list.", param);
      continue;
    }
    let flag = true;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if (!(item instanceof PyDict)) throw new BfclUnsupported("a list element of a list of dicts is not a dict");
      result = dictChecker(param, item, [dicts[index]]);
      if (!result.valid) {
        flag = false;
        break;
      }
    }
    if (flag) return VALID;
  }
  return result;
}

function converted(language: BfclLanguage, type: string): PyType {
  const table: Record<string, string> = language === "java" ? JAVA_TYPES : language === "javascript" ? JS_TYPES : PYTHON_TYPES;
  const found = table[type];
  if (found === undefined || found === "set") throw new BfclUnsupported(`unsupported ${language} type ${type}`);
  return found as PyType;
}

export function simpleFunctionChecker(description: BfclFunction, output: BfclCall, answer: BfclAnswer, language: BfclLanguage): BfclResult {
  const name = description.callName;
  if (output.name !== name) return invalid("simple_function_checker:wrong_func_name", `Function name '${name}' not found in model output.`);
  const params = output.params.entries;
  for (const param of description.required) {
    if (!params.has(param)) return invalid("simple_function_checker:missing_required", `Missing required parameter: '${param}'.`, param);
  }
  for (const [param, given] of params) {
    const details = description.param(param);
    const allowed = answer.allowed.get(param);
    if (!details || !allowed) return invalid("simple_function_checker:unexpected_param", `Unexpected parameter: '${param}'.`, param);
    let value = given;
    let nested: PyType | null = null;
    const expected = converted(language, details.type);
    if (language === "java" || language === "javascript") {
      if (typeof value !== "string") {
        return invalid(language === "java" ? "type_error:java" : "type_error:js", `Incorrect type for parameter '${param}'. Expected type String, got ${pyType(value)}.`, param);
      }
      const convert = language === "java" ? javaTypeConverter : jsTypeConverter;
      if (NESTED_CONVERSION.has(details.type)) {
        const itemsType = details.itemsType ?? "";
        nested = converted(language, itemsType);
        value = convert(value, details.type, itemsType);
      } else {
        value = convert(value, details.type);
      }
    } else if (PYTHON_NESTED.has(details.type)) {
      nested = converted(language, details.itemsType ?? "");
    }
    // Python's own int-to-float conversion, at the top level only.
    if (language === "python" && details.type === "float" && pyType(value) === "int") value = new PyFloat(Number((value as { value: bigint }).value));
    const typed = typeChecker(param, value, allowed, expected, nested);
    if (!typed.valid) return typed;
    if (!typed.isVariable) {
      let special: BfclResult | null = null;
      if (expected === "dict") special = dictChecker(param, value as PyDict, allowed);
      else if (expected === "list" && nested === "dict") special = listDictChecker(param, value as PyValue[], allowed);
      else if (expected === "str") special = stringChecker(param, value as string, allowed);
      else if (expected === "list") special = listChecker(param, value as PyValue[], allowed);
      if (special) {
        if (!special.valid) return special;
        continue;
      }
    }
    if (!pyIn(value, allowed)) return invalid("value_error:others", `Invalid value for parameter '${param}'.`, param);
  }
  for (const [param, allowed] of answer.allowed) {
    if (!params.has(param) && !pyIn("", allowed)) {
      return invalid("simple_function_checker:missing_optional", `Optional parameter '${param}' not provided and not marked as optional.`, param);
    }
  }
  return VALID;
}

export type BfclShape = "simple" | "multiple" | "parallel" | "ordered";

/** Which of BFCL's checkers a set of expected calls gets: `ast_checker`'s choice by test category. */
export interface BfclPairing {
  result: BfclResult;
  /** For each call of the output, the answer it matched, or null. */
  matched: (number | null)[];
}

/**
 * One assistant turn against one reference step: `functions[i]` describes `answers[i]`. Every
 * comparison made is kept in `results` (by output, then answer index), for the caller to explain
 * the calls the checker did not pair.
 */
export interface BfclTurn {
  functions: readonly BfclFunction[];
  outputs: readonly BfclCall[];
  answers: readonly BfclAnswer[];
  language: BfclLanguage;
  results: Map<number, BfclResult>;
}

/** simple_function_checker on an output and an answer of the turn, made once per turn. */
export function compareInTurn(turn: BfclTurn, index: number, answerIndex: number): BfclResult {
  const key = index * turn.answers.length + answerIndex;
  let result = turn.results.get(key);
  if (!result) {
    result = simpleFunctionChecker(turn.functions[answerIndex], turn.outputs[index], turn.answers[answerIndex], turn.language);
    turn.results.set(key, result);
  }
  return result;
}

export function bfclCheck(shape: BfclShape, turn: BfclTurn): BfclPairing {
  const { outputs, answers } = turn;
  const matched: (number | null)[] = outputs.map(() => null);
  const prefix = shape === "parallel" ? "parallel_function_checker_no_order" : shape === "ordered" ? "parallel_function_checker_enforce_order" : `${shape}_function_checker`;
  if (outputs.length !== answers.length) return { result: invalid(`${prefix}:wrong_count`, "Wrong number of functions."), matched };
  if (shape === "parallel") {
    for (let answerIndex = 0; answerIndex < answers.length; answerIndex++) {
      let result: BfclResult = VALID;
      for (let index = 0; index < outputs.length; index++) {
        if (matched[index] !== null) continue;
        result = compareInTurn(turn, index, answerIndex);
        if (result.valid) {
          matched[index] = answerIndex;
          break;
        }
      }
      if (!result.valid) {
        return { result: invalid(`${prefix}:cannot_find_match`, `Could not find a matching function for index ${answerIndex} of possible answers.`), matched };
      }
    }
    return { result: VALID, matched };
  }
  for (let index = 0; index < answers.length; index++) {
    const result = compareInTurn(turn, index, index);
    if (!result.valid) return { result, matched };
    matched[index] = index;
  }
  return { result: VALID, matched };
}

export { BfclUnsupported };
