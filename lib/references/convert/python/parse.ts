import type { BinaryOperator, ConstantValue, Keyword, NodeOf, PyNode } from "./nodes";
import { PythonSyntaxError, tokenize, type Token } from "./tokens";

/**
 * Python expressions parsed as `ast.parse(text, mode="eval")` parses them, for everything but
 * lambdas, comprehensions, `await`, `yield` and `:=`, which no converter's input needs: those are
 * syntax errors here (BFCL's decoder would reject most of them anyway).
 */
export function parseExpression(source: string): PyNode {
  const parser = new ExpressionParser(tokenize(source), 0);
  const node = parser.expressions();
  parser.skipNewlines();
  parser.expectEnd();
  return node;
}

const KEYWORDS = new Set("False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(" "));
const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const LEVELS: { ops: BinaryOperator[] }[] = [{ ops: ["|"] }, { ops: ["^"] }, { ops: ["&"] }, { ops: ["<<", ">>"] }, { ops: ["+", "-"] }, { ops: ["*", "/", "//", "%", "@"] }];

/** A parser over tokens, from `index`: modules use it statement by statement. */
export class ExpressionParser {
  constructor(
    readonly tokens: readonly Token[],
    public index: number,
  ) {}

  get token(): Token {
    return this.tokens[this.index];
  }

  fail(message: string, token: Token = this.token): never {
    throw new PythonSyntaxError(message, token.line, token.column);
  }

  isOp(text: string, token: Token = this.token): boolean {
    return token.kind === "op" && token.text === text;
  }

  isName(text: string, token: Token = this.token): boolean {
    return token.kind === "name" && token.text === text;
  }

  take(text: string): Token {
    const token = this.token;
    if (!this.isOp(text) && !this.isName(text)) this.fail(`expected '${text}'${describe(token)}`);
    this.index++;
    return token;
  }

  skipNewlines(): void {
    while (this.token.kind === "newline") this.index++;
  }

  expectEnd(): void {
    if (this.token.kind !== "end") this.fail(`invalid syntax${describe(this.token)}`);
  }

  /** `a, b` is a tuple, as at the top of an expression statement. */
  expressions(): PyNode {
    return this.tupleOf(() => this.starOrExpression(), () => this.endsSequence());
  }

  /** One item, or several separated by commas (a trailing comma allowed) as a tuple. */
  private tupleOf(item: () => PyNode, ends: () => boolean): PyNode {
    const first = this.token;
    const head = item();
    if (!this.isOp(",")) return head;
    const elts = [head];
    while (this.isOp(",")) {
      this.index++;
      if (ends()) break;
      elts.push(item());
    }
    return { kind: "Tuple", elts, line: first.line, column: first.column };
  }

  private endsSequence(): boolean {
    const token = this.token;
    return token.kind === "newline" || token.kind === "end" || this.isOp(")") || this.isOp("]") || this.isOp("}") || this.isOp("=") || this.isOp(":");
  }

  private starOrExpression(): PyNode {
    if (this.isOp("*")) {
      const star = this.token;
      this.index++;
      return { kind: "Starred", value: this.bitwise(0), line: star.line, column: star.column };
    }
    return this.expression();
  }

  expression(): PyNode {
    const token = this.token;
    if (this.isName("lambda")) this.fail("lambda expressions are not read here");
    const body = this.disjunction();
    if (!this.isName("if")) return body;
    this.index++;
    const test = this.disjunction();
    this.take("else");
    const orelse = this.expression();
    return { kind: "IfExp", test, body, orelse, line: token.line, column: token.column };
  }

  private disjunction(): PyNode {
    return this.boolean("or", () => this.conjunction());
  }

  private conjunction(): PyNode {
    return this.boolean("and", () => this.inversion());
  }

  private boolean(op: "and" | "or", next: () => PyNode): PyNode {
    const token = this.token;
    const first = next();
    if (!this.isName(op)) return first;
    const values = [first];
    while (this.isName(op)) {
      this.index++;
      values.push(next());
    }
    return { kind: "BoolOp", op, values, line: token.line, column: token.column };
  }

  private inversion(): PyNode {
    if (!this.isName("not")) return this.comparison();
    const token = this.token;
    this.index++;
    return { kind: "UnaryOp", op: "not", operand: this.inversion(), line: token.line, column: token.column };
  }

  private comparison(): PyNode {
    const token = this.token;
    const left = this.bitwise(0);
    const ops: string[] = [];
    const comparators: PyNode[] = [];
    for (;;) {
      const op = this.comparisonOperator();
      if (!op) break;
      ops.push(op);
      comparators.push(this.bitwise(0));
    }
    return ops.length ? { kind: "Compare", left, ops, comparators, line: token.line, column: token.column } : left;
  }

  private comparisonOperator(): string | null {
    const token = this.token;
    if (token.kind === "op" && COMPARISONS.has(token.text)) {
      this.index++;
      return token.text;
    }
    if (this.isName("in")) {
      this.index++;
      return "in";
    }
    if (this.isName("not") && this.isName("in", this.tokens[this.index + 1])) {
      this.index += 2;
      return "not in";
    }
    if (this.isName("is")) {
      this.index++;
      if (!this.isName("not")) return "is";
      this.index++;
      return "is not";
    }
    return null;
  }

  private bitwise(level: number): PyNode {
    if (level === LEVELS.length) return this.factor();
    const token = this.token;
    let left = this.bitwise(level + 1);
    for (;;) {
      const op = LEVELS[level].ops.find((candidate) => this.isOp(candidate));
      if (!op) return left;
      this.index++;
      left = { kind: "BinOp", op, left, right: this.bitwise(level + 1), line: token.line, column: token.column };
    }
  }

  private factor(): PyNode {
    const token = this.token;
    for (const op of ["-", "+", "~"] as const) {
      if (this.isOp(op)) {
        this.index++;
        return { kind: "UnaryOp", op, operand: this.factor(), line: token.line, column: token.column };
      }
    }
    const base = this.primary();
    if (!this.isOp("**")) return base;
    this.index++;
    return { kind: "BinOp", op: "**", left: base, right: this.factor(), line: token.line, column: token.column };
  }

  private primary(): PyNode {
    if (this.isName("await")) this.fail("await is not read here");
    let node = this.atom();
    for (;;) {
      if (this.isOp(".")) {
        this.index++;
        const attr = this.token;
        if (attr.kind !== "name" || KEYWORDS.has(attr.text)) this.fail(`expected an attribute name${describe(attr)}`, attr);
        this.index++;
        node = { kind: "Attribute", value: node, attr: attr.text, line: node.line, column: node.column };
      } else if (this.isOp("(")) {
        this.index++;
        node = this.call(node);
      } else if (this.isOp("[")) {
        this.index++;
        node = { kind: "Subscript", value: node, slice: this.slices(), line: node.line, column: node.column };
        this.take("]");
      } else {
        return node;
      }
    }
  }

  private call(func: PyNode): NodeOf<"Call"> {
    const args: PyNode[] = [];
    const keywords: Keyword[] = [];
    while (!this.isOp(")")) {
      const token = this.token;
      if (this.isOp("**")) {
        this.index++;
        keywords.push({ name: null, value: this.expression() });
      } else if (token.kind === "name" && !KEYWORDS.has(token.text) && this.isOp("=", this.tokens[this.index + 1])) {
        // A repeated keyword parses (the compiler, not the parser, refuses it); the last value wins, as BFCL reads it.
        this.index += 2;
        keywords.push({ name: token.text, value: this.expression() });
      } else {
        const value = this.starOrExpression();
        if (this.isName("for") || this.isName("async")) this.fail("comprehensions are not read here");
        const unpacking = keywords.some((keyword) => keyword.name === null);
        if (value.kind === "Starred" ? unpacking : keywords.length) {
          this.fail(value.kind === "Starred" ? "iterable argument unpacking follows keyword argument unpacking" : unpacking ? "positional argument follows keyword argument unpacking" : "positional argument follows keyword argument", token);
        }
        args.push(value);
      }
      if (!this.isOp(",")) break;
      this.index++;
    }
    this.take(")");
    return { kind: "Call", func, args, keywords, line: func.line, column: func.column };
  }

  private slices(): PyNode {
    return this.tupleOf(() => this.slice(), () => this.isOp("]"));
  }

  private slice(): PyNode {
    const token = this.token;
    const lower = this.isOp(":") ? null : this.starOrExpression();
    if (!this.isOp(":")) {
      if (!lower) this.fail("expected a subscript");
      return lower;
    }
    this.index++;
    const bound = () => (this.isOp(":") || this.isOp(",") || this.isOp("]") ? null : this.expression());
    const upper = bound();
    let step: PyNode | null = null;
    if (this.isOp(":")) {
      this.index++;
      step = bound();
    }
    return { kind: "Slice", lower, upper, step, line: token.line, column: token.column };
  }

  private atom(): PyNode {
    const token = this.token;
    const at = { line: token.line, column: token.column };
    if (token.kind === "name") {
      this.index++;
      if (token.text === "True" || token.text === "False") return { kind: "Constant", value: { type: "bool", value: token.text === "True" }, ...at };
      if (token.text === "None") return { kind: "Constant", value: { type: "None" }, ...at };
      if (KEYWORDS.has(token.text)) this.fail(`invalid syntax${describe(token)}`, token);
      return { kind: "Name", id: token.text, ...at };
    }
    if (token.kind === "number") {
      this.index++;
      return { kind: "Constant", value: numberValue(token.text), ...at };
    }
    if (token.kind === "string") return this.strings();
    if (this.isOp("...")) {
      this.index++;
      return { kind: "Constant", value: { type: "Ellipsis" }, ...at };
    }
    if (this.isOp("(")) {
      this.index++;
      if (this.isOp(")")) {
        this.index++;
        return { kind: "Tuple", elts: [], ...at };
      }
      const first = this.starOrExpression();
      if (this.isName("for") || this.isName("async")) this.fail("comprehensions are not read here");
      if (this.isOp(")") && first.kind !== "Starred") {
        this.index++;
        return first;
      }
      const elts = [first];
      while (this.isOp(",")) {
        this.index++;
        if (this.isOp(")")) break;
        elts.push(this.starOrExpression());
      }
      this.take(")");
      return { kind: "Tuple", elts, ...at };
    }
    if (this.isOp("[")) {
      this.index++;
      const elts = this.sequence("]");
      return { kind: "List", elts, ...at };
    }
    if (this.isOp("{")) {
      this.index++;
      return this.braces(at);
    }
    if (token.kind === "newline" || token.kind === "end") this.fail("unexpected end of the expression");
    this.fail(`invalid syntax${describe(token)}`);
  }

  private sequence(close: string): PyNode[] {
    const elts: PyNode[] = [];
    while (!this.isOp(close)) {
      elts.push(this.starOrExpression());
      if (this.isName("for") || this.isName("async")) this.fail("comprehensions are not read here");
      if (!this.isOp(",")) break;
      this.index++;
    }
    this.take(close);
    return elts;
  }

  private braces(at: { line: number; column: number }): PyNode {
    if (this.isOp("}")) {
      this.index++;
      return { kind: "Dict", keys: [], values: [], ...at };
    }
    const keys: (PyNode | null)[] = [];
    const values: PyNode[] = [];
    const set: PyNode[] = [];
    for (;;) {
      if (this.isOp("**")) {
        if (set.length) this.fail("invalid syntax: '**' in a set");
        this.index++;
        keys.push(null);
        values.push(this.bitwise(0));
      } else {
        const item = this.starOrExpression();
        if (this.isName("for") || this.isName("async")) this.fail("comprehensions are not read here");
        if (this.isOp(":") && item.kind !== "Starred" && !set.length) {
          this.index++;
          keys.push(item);
          values.push(this.expression());
        } else if (keys.length) {
          this.fail(`expected ':'${describe(this.token)}`);
        } else {
          set.push(item);
        }
      }
      if (!this.isOp(",")) break;
      this.index++;
      if (this.isOp("}")) break;
    }
    this.take("}");
    return set.length ? { kind: "Set", elts: set, ...at } : { kind: "Dict", keys, values, ...at };
  }

  /** Adjacent string literals are one constant, as Python concatenates them. */
  private strings(): PyNode {
    const first = this.token;
    let value = "";
    let bytes: boolean | null = null;
    let formatted = false;
    while (this.token.kind === "string") {
      const token = this.token;
      const isBytes = token.prefix.includes("b");
      if (bytes !== null && bytes !== isBytes) this.fail("cannot mix bytes and nonbytes literals", token);
      bytes = isBytes;
      formatted ||= token.prefix.includes("f");
      value += token.value;
      this.index++;
    }
    const at = { line: first.line, column: first.column };
    if (formatted) return { kind: "JoinedStr", text: value, ...at };
    return { kind: "Constant", value: bytes ? { type: "bytes", value } : { type: "str", value }, ...at };
  }
}

function numberValue(text: string): ConstantValue {
  const clean = text.replace(/_/g, "");
  if (/[jJ]$/.test(clean)) return { type: "complex", text: clean };
  if (/^0[xXoObB]/.test(clean)) return { type: "int", value: BigInt(clean.toLowerCase()) };
  if (/[.eE]/.test(clean)) return { type: "float", value: Number(clean) };
  return { type: "int", value: BigInt(clean) };
}

function describe(token: Token): string {
  switch (token.kind) {
    case "end":
    case "newline":
      return ", found the end of the line";
    case "string":
      return ", found a string";
    default:
      return `, found '${token.text}'`;
  }
}
