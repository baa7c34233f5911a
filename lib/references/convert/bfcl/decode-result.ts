import { stripChars } from "@/lib/references/bfcl/python-text";
import { PyDict, PyFloat, PyInt, toPyJson, type PyValue } from "@/lib/references/py-value";
import { evaluateLiteral, PythonEvalError } from "../python/literal-eval";
import type { NodeOf, PyNode } from "../python/nodes";
import { parseExpression } from "../python/parse";
import { PythonSyntaxError } from "../python/tokens";
import { unparse } from "../python/unparse";
import type { BfclLanguage } from "./categories";

/**
 * A model's answer in a BFCL result file (`"result"`) as the assistant turn it was: its calls,
 * or its text when BFCL's decoder finds no call in it.
 * - A list (function-calling models): `[{"func": "<arguments as JSON>"}]`, or the arguments as an
 *   object (Gemini's handler); as BFCL's handlers read it, each item's first key is the call.
 * - A string (prompting models): Python call text, `[func(a=1, b='x')]`, read as BFCL's
 *   `default_decode_ast_prompting` reads it (model_handler/utils.py: `ast_parse`,
 *   `resolve_ast_call`, `resolve_ast_by_type`), quirks included: a positional argument is dropped,
 *   `-x` of any unary operator negates a constant, a name is its text, a call without keywords or a
 *   subscript becomes its `ast.unparse` text, arithmetic is evaluated.
 * - A function-calling model that answered in text also gives a string: no call in it decodes.
 */
export type AssistantTurn =
  | { kind: "calls"; calls: { name: string; arguments: string }[] }
  | { kind: "text"; text: string }
  /** Java or JavaScript call text: BFCL reads it with tree-sitter grammars, which are not ported. */
  | { kind: "unreadable"; why: string };

export function assistantTurn(result: PyValue, language: BfclLanguage): AssistantTurn {
  if (typeof result === "string") return language === "python" ? decodePythonText(result) : sourceText(result);
  const items = result instanceof PyDict ? [result] : Array.isArray(result) ? result : null;
  const calls = items?.map(functionCall) ?? [null];
  if (calls.every((call) => call !== null)) return { kind: "calls", calls };
  return { kind: "text", text: toPyJson(result) };
}

/** `{name: arguments}`: the first key, as BFCL's `list(invoked_function.keys())[0]`. */
function functionCall(item: PyValue): { name: string; arguments: string } | null {
  if (!(item instanceof PyDict)) return null;
  const first = item.entries.entries().next();
  if (first.done) return null;
  const [name, args] = first.value;
  if (typeof args === "string") return { name, arguments: args };
  return args instanceof PyDict ? { name, arguments: toPyJson(args) } : null;
}

const CALL_TEXT = /^\[?\s*[A-Za-z_][\w.]*\s*\(/;

function sourceText(text: string): AssistantTurn {
  return CALL_TEXT.test(text.trim()) ? { kind: "unreadable", why: "a Java or JavaScript call written as text (a prompting model's answer) is not read here: BFCL parses it with tree-sitter. Give a function-calling model's results" } : { kind: "text", text };
}

/** BFCL's decoding of a prompting model's answer; text that does not decode is the turn's text. */
export function decodePythonText(result: string): AssistantTurn {
  let text = stripChars(result, "`\n ");
  if (!text.startsWith("[")) text = `[${text}`;
  if (!text.endsWith("]")) text = `${text}]`;
  try {
    const body = parseExpression(stripChars(text.trim(), "'"));
    const elements = body.kind === "Call" ? [body] : body.kind === "List" || body.kind === "Tuple" || body.kind === "Set" ? body.elts : null;
    if (!elements || !elements.every((element): element is NodeOf<"Call"> => element.kind === "Call")) return { kind: "text", text: result };
    return {
      kind: "calls",
      calls: elements.map((element) => {
        const [name, args] = resolveCall(element);
        return { name, arguments: toPyJson(args) };
      }),
    };
  } catch (error) {
    if (error instanceof PythonSyntaxError || error instanceof PythonEvalError) return { kind: "text", text: result };
    throw error;
  }
}

/** `resolve_ast_call`: the dotted name and the keyword arguments (positional ones are dropped). */
function resolveCall(call: NodeOf<"Call">): [string, PyDict] {
  const parts: string[] = [];
  let func = call.func;
  while (func.kind === "Attribute") {
    parts.push(func.attr);
    func = func.value;
  }
  if (func.kind === "Name") parts.push(func.id);
  const args = new Map<string, PyValue>();
  for (const keyword of call.keywords) {
    if (keyword.name === null) throw new PythonEvalError("a **mapping argument has no name");
    args.set(keyword.name, resolveValue(keyword.value));
  }
  return [parts.reverse().join("."), new PyDict(args)];
}

/** `resolve_ast_by_type`. */
function resolveValue(node: PyNode): PyValue {
  switch (node.kind) {
    case "Constant": {
      const value = node.value;
      if (value.type === "Ellipsis") return "...";
      if (value.type === "bytes" || value.type === "complex") throw new PythonEvalError(`a ${value.type} value cannot be written as JSON arguments`);
      return evaluateLiteral(node);
    }
    case "UnaryOp":
      return negated(node.operand);
    case "List":
    case "Tuple":
      return node.elts.map(resolveValue);
    case "Dict":
      return new PyDict(new Map(node.keys.map((key, index) => [dictKey(key), resolveValue(node.values[index])])));
    case "BinOp":
      return evaluateLiteral(node);
    case "Name":
      return node.id;
    case "Call": {
      if (node.keywords.length === 0) return unparse(node);
      const [name, args] = resolveCall(node);
      return new PyDict(new Map([[name, args]]));
    }
    case "Subscript":
      return `${unparse(node.value)}[${unparse(node.slice)}]`;
    default:
      throw new PythonEvalError(`Unsupported AST type: ${node.kind}`);
  }
}

/** `-value.operand.value`, whatever the operator: only a constant has a `.value` to negate. */
function negated(operand: PyNode): PyValue {
  if (operand.kind !== "Constant") throw new PythonEvalError("the operand of a unary operator has no value");
  const value = operand.value;
  if (value.type === "int") return new PyInt(-value.value);
  if (value.type === "bool") return new PyInt(value.value ? -1n : 0n);
  if (value.type === "float") return new PyFloat(-value.value);
  throw new PythonEvalError(`bad operand type for unary -: '${value.type}'`);
}

/** JSON keys are strings: an int key is written as `json.dumps` writes it. */
function dictKey(key: PyNode | null): string {
  if (key === null) throw new PythonEvalError("a **mapping inside a dict is not read here");
  const value = resolveValue(key);
  if (typeof value === "string") return value;
  if (value instanceof PyInt) return value.value.toString();
  throw new PythonEvalError("a dict key that is not a string or an int cannot be written as JSON");
}
