import type { BinaryOperator, ConstantValue, PyNode } from "./nodes";
import { pyFloatRepr, pyStrRepr } from "./repr";

/**
 * `ast.unparse` (CPython 3.9+), for the nodes parse.ts gives: BFCL's decoder keeps a call without
 * keyword arguments (`np.array([1,2])`) and a subscript as this text, and the checker compares it.
 * Parentheses follow CPython's precedence rules, so `f( 1,2 )` becomes `f(1, 2)`.
 */
export function unparse(node: PyNode): string {
  return write(node, P.TEST);
}

/** CPython's `_Precedence`, in order. */
const P = { TUPLE: 1, TEST: 3, OR: 4, AND: 5, NOT: 6, CMP: 7, EXPR: 8, BOR: 8, BXOR: 9, BAND: 10, SHIFT: 11, ARITH: 12, TERM: 13, FACTOR: 14, POWER: 15, ATOM: 17 } as const;

const BINARY: Record<BinaryOperator, number> = { "|": P.BOR, "^": P.BXOR, "&": P.BAND, "<<": P.SHIFT, ">>": P.SHIFT, "+": P.ARITH, "-": P.ARITH, "*": P.TERM, "/": P.TERM, "//": P.TERM, "%": P.TERM, "@": P.TERM, "**": P.POWER };

function parens(text: string, own: number, context: number): string {
  return context > own ? `(${text})` : text;
}

function items(nodes: readonly PyNode[]): string {
  return nodes.length === 1 ? `${write(nodes[0], P.TEST)},` : nodes.map((node) => write(node, P.TEST)).join(", ");
}

function write(node: PyNode, context: number): string {
  switch (node.kind) {
    case "Constant":
      return constant(node.value);
    case "JoinedStr":
      return `f${pyStrRepr(node.text)}`;
    case "Name":
      return node.id;
    case "Attribute": {
      const value = write(node.value, P.ATOM);
      // `1 .real`: without the space, `1.` would read as a float.
      const space = node.value.kind === "Constant" && node.value.value.type === "int" ? " " : "";
      return `${value}${space}.${node.attr}`;
    }
    case "Call": {
      const args = [...node.args.map((arg) => write(arg, P.TEST)), ...node.keywords.map((keyword) => (keyword.name === null ? `**${write(keyword.value, P.TEST)}` : `${keyword.name}=${write(keyword.value, P.TEST)}`))];
      return `${write(node.func, P.ATOM)}(${args.join(", ")})`;
    }
    case "List":
      return `[${node.elts.map((elt) => write(elt, P.TEST)).join(", ")}]`;
    case "Tuple":
      return node.elts.length === 0 || context > P.TUPLE ? `(${items(node.elts)})` : items(node.elts);
    case "Set":
      return node.elts.length ? `{${node.elts.map((elt) => write(elt, P.TEST)).join(", ")}}` : "{*()}";
    case "Dict":
      return `{${node.values.map((value, index) => {
        const key = node.keys[index];
        return key === null ? `**${write(value, P.EXPR)}` : `${write(key, P.TEST)}: ${write(value, P.TEST)}`;
      }).join(", ")}}`;
    case "UnaryOp": {
      const own = node.op === "not" ? P.NOT : P.FACTOR;
      return parens(`${node.op}${node.op === "not" ? " " : ""}${write(node.operand, own)}`, own, context);
    }
    case "BinOp": {
      const own = BINARY[node.op];
      const rightAssociative = node.op === "**";
      return parens(`${write(node.left, rightAssociative ? own + 1 : own)} ${node.op} ${write(node.right, rightAssociative ? own : own + 1)}`, own, context);
    }
    case "BoolOp": {
      // CPython raises the precedence with each operand, so `a or (b or c)` keeps its parentheses.
      let level = node.op === "and" ? P.AND : P.OR;
      const own = level;
      const text = node.values.map((value) => write(value, ++level)).join(` ${node.op} `);
      return parens(text, own, context);
    }
    case "Compare": {
      const parts = [write(node.left, P.CMP + 1), ...node.ops.map((op, index) => `${op} ${write(node.comparators[index], P.CMP + 1)}`)];
      return parens(parts.join(" "), P.CMP, context);
    }
    case "IfExp":
      return parens(`${write(node.body, P.TEST + 1)} if ${write(node.test, P.TEST + 1)} else ${write(node.orelse, P.TEST)}`, P.TEST, context);
    case "Subscript": {
      const slice = node.slice.kind === "Tuple" && node.slice.elts.length ? items(node.slice.elts) : write(node.slice, P.TEST);
      return `${write(node.value, P.ATOM)}[${slice}]`;
    }
    case "Slice":
      return `${node.lower ? write(node.lower, P.TEST) : ""}:${node.upper ? write(node.upper, P.TEST) : ""}${node.step ? `:${write(node.step, P.TEST)}` : ""}`;
    case "Starred":
      return `*${write(node.value, P.EXPR)}`;
  }
}

function constant(value: ConstantValue): string {
  if (value.type === "str") return pyStrRepr(value.value);
  if (value.type === "bytes") return `b${pyStrRepr(value.value)}`;
  if (value.type === "int") return value.value.toString();
  // CPython writes infinity as 1e309, which reads back as infinity.
  if (value.type === "float") return pyFloatRepr(value.value).replace("inf", "1e309");
  if (value.type === "complex") return value.text;
  if (value.type === "bool") return value.value ? "True" : "False";
  return value.type === "None" ? "None" : "...";
}
