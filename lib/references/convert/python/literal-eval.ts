import { PyDict, PyFloat, PyInt, type PyValue } from "@/lib/references/py-value";
import type { BinaryOperator, PyNode } from "./nodes";

/**
 * Python's `eval` of an expression made of literals: constants, lists, tuples (as lists), dicts
 * with string keys, and arithmetic on them (`3 * 2`, `10 ** -2`, `"a" + "b"`, `[1] * 3`). BFCL's
 * decoder evaluates every binary operation it meets in an answer; tau-bench's task files are
 * literals. Anything that needs names or calls raises, as `eval` would without their definitions.
 */
export class PythonEvalError extends Error {}

type Num = PyInt | PyFloat;

export function evaluateLiteral(node: PyNode): PyValue {
  switch (node.kind) {
    case "Constant": {
      const value = node.value;
      if (value.type === "int") return new PyInt(value.value);
      if (value.type === "float") return new PyFloat(value.value);
      if (value.type === "str") return value.value;
      if (value.type === "bool") return value.value;
      if (value.type === "None") return null;
      throw new PythonEvalError(`a ${value.type} constant is not read here`);
    }
    case "List":
    case "Tuple":
      return node.elts.map(evaluateLiteral);
    case "Dict":
      return new PyDict(
        new Map(
          node.keys.map((key, index) => {
            const name = key === null ? null : evaluateLiteral(key);
            if (typeof name !== "string") throw new PythonEvalError("a dict key that is not a string cannot be written as JSON");
            return [name, evaluateLiteral(node.values[index])];
          }),
        ),
      );
    case "UnaryOp": {
      const operand = evaluateLiteral(node.operand);
      if (node.op === "not") return !truthy(operand);
      const number = asNumber(operand);
      if (!number) throw new PythonEvalError(`bad operand type for unary ${node.op}`);
      if (node.op === "+") return number;
      if (node.op === "-") return number instanceof PyInt ? new PyInt(-number.value) : new PyFloat(-number.value);
      if (number instanceof PyInt) return new PyInt(~number.value);
      throw new PythonEvalError("bad operand type for unary ~: 'float'");
    }
    case "BinOp":
      return binary(node.op, evaluateLiteral(node.left), evaluateLiteral(node.right));
    default:
      throw new PythonEvalError(`${describeNode(node)} is not a literal`);
  }
}

function truthy(value: PyValue): boolean {
  if (value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" || Array.isArray(value)) return value.length > 0;
  if (value instanceof PyInt) return value.value !== 0n;
  if (value instanceof PyFloat) return value.value !== 0;
  return value.entries.size > 0;
}

/** bool is an int in arithmetic. */
function asNumber(value: PyValue): Num | null {
  if (typeof value === "boolean") return new PyInt(value ? 1n : 0n);
  return value instanceof PyInt || value instanceof PyFloat ? value : null;
}

function binary(op: BinaryOperator, left: PyValue, right: PyValue): PyValue {
  const a = asNumber(left);
  const b = asNumber(right);
  if (a && b) return a instanceof PyInt && b instanceof PyInt ? integers(op, a.value, b.value) : floats(op, Number(a.value), Number(b.value));
  if (op === "+" && typeof left === "string" && typeof right === "string") return left + right;
  if (op === "+" && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  if (op === "*") {
    const [sequence, count] = a ? [right, a] : [left, b];
    if (count instanceof PyInt && (typeof sequence === "string" || Array.isArray(sequence))) {
      const times = count.value > 0n ? Number(count.value) : 0;
      if (times > 100_000) throw new PythonEvalError("the repeated sequence is too long to read here");
      return typeof sequence === "string" ? sequence.repeat(times) : Array.from({ length: times }, () => sequence).flat();
    }
  }
  throw new PythonEvalError(`unsupported operand types for ${op}`);
}

function integers(op: BinaryOperator, a: bigint, b: bigint): PyValue {
  switch (op) {
    case "+":
    case "-":
    case "*":
      return new PyInt(op === "+" ? a + b : op === "-" ? a - b : a * b);
    case "/":
      if (b === 0n) throw new PythonEvalError("division by zero");
      return new PyFloat(Number(a) / Number(b));
    case "//":
    case "%": {
      if (b === 0n) throw new PythonEvalError("integer division or modulo by zero");
      // Python floors: the remainder takes the divisor's sign.
      let quotient = a / b;
      if (a % b !== 0n && (a < 0n) !== (b < 0n)) quotient -= 1n;
      return new PyInt(op === "//" ? quotient : a - quotient * b);
    }
    case "**":
      if (b < 0n) return floats("**", Number(a), Number(b));
      if (b > 10_000n) throw new PythonEvalError("the power is too large to read here");
      return new PyInt(a ** b);
    case "<<":
    case ">>":
      if (b < 0n) throw new PythonEvalError("negative shift count");
      if (b > 10_000n) throw new PythonEvalError("the shift is too large to read here");
      return new PyInt(op === "<<" ? a << b : a >> b);
    case "&":
    case "|":
    case "^":
      return new PyInt(op === "&" ? a & b : op === "|" ? a | b : a ^ b);
    case "@":
      throw new PythonEvalError("unsupported operand types for @");
  }
}

function floats(op: BinaryOperator, a: number, b: number): PyValue {
  if (op === "+" || op === "-" || op === "*") return new PyFloat(op === "+" ? a + b : op === "-" ? a - b : a * b);
  switch (op) {
    case "/":
      if (b === 0) throw new PythonEvalError("float division by zero");
      return new PyFloat(a / b);
    case "//":
      if (b === 0) throw new PythonEvalError("float floor division by zero");
      return new PyFloat(Math.floor(a / b));
    case "%": {
      if (b === 0) throw new PythonEvalError("float modulo");
      const remainder = a % b;
      return new PyFloat(remainder !== 0 && remainder < 0 !== b < 0 ? remainder + b : remainder);
    }
    case "**": {
      if (a === 0 && b < 0) throw new PythonEvalError("0.0 cannot be raised to a negative power");
      const power = a ** b;
      if (Number.isNaN(power)) throw new PythonEvalError("a negative number raised to a fractional power is complex");
      return new PyFloat(power);
    }
    default:
      throw new PythonEvalError(`unsupported operand types for ${op}: 'float'`);
  }
}

/** What a node is, for a person: `the name TASK_ID`, `a call of Action`. */
export function describeNode(node: PyNode): string {
  if (node.kind === "Name") return `the name ${node.id}`;
  if (node.kind === "Call") return `a call${node.func.kind === "Name" ? ` of ${node.func.id}` : ""}`;
  return `an expression (${node.kind})`;
}
