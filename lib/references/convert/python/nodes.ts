/**
 * Python expressions as `ast.parse(..., mode="eval")` gives them, for the node kinds converters
 * meet. Positions are 1-based, as PythonSyntaxError reports them.
 */

export interface Position {
  line: number;
  column: number;
}

export type ConstantValue =
  | { type: "str"; value: string }
  | { type: "bytes"; value: string }
  | { type: "int"; value: bigint }
  | { type: "float"; value: number }
  | { type: "complex"; text: string }
  | { type: "bool"; value: boolean }
  | { type: "None" }
  | { type: "Ellipsis" };

export interface Keyword {
  /** null for `**mapping`. */
  name: string | null;
  value: PyNode;
}

export type PyNode = Position &
  (
    | { kind: "Constant"; value: ConstantValue }
    /** An f-string: read as text by nobody here, but it must parse. */
    | { kind: "JoinedStr"; text: string }
    | { kind: "Name"; id: string }
    | { kind: "Attribute"; value: PyNode; attr: string }
    | { kind: "Call"; func: PyNode; args: PyNode[]; keywords: Keyword[] }
    | { kind: "List" | "Tuple" | "Set"; elts: PyNode[] }
    /** `keys[i]` null for `**mapping`. */
    | { kind: "Dict"; keys: (PyNode | null)[]; values: PyNode[] }
    | { kind: "UnaryOp"; op: "-" | "+" | "~" | "not"; operand: PyNode }
    | { kind: "BinOp"; op: BinaryOperator; left: PyNode; right: PyNode }
    | { kind: "BoolOp"; op: "and" | "or"; values: PyNode[] }
    | { kind: "Compare"; left: PyNode; ops: string[]; comparators: PyNode[] }
    | { kind: "IfExp"; test: PyNode; body: PyNode; orelse: PyNode }
    | { kind: "Subscript"; value: PyNode; slice: PyNode }
    | { kind: "Slice"; lower: PyNode | null; upper: PyNode | null; step: PyNode | null }
    | { kind: "Starred"; value: PyNode }
  );

export type BinaryOperator = "+" | "-" | "*" | "/" | "//" | "%" | "**" | "@" | "<<" | ">>" | "&" | "|" | "^";

export type NodeOf<K extends PyNode["kind"]> = Extract<PyNode, { kind: K }>;
