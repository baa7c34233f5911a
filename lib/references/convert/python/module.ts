import type { PyNode } from "./nodes";
import { ExpressionParser } from "./parse";
import { PythonSyntaxError, tokenize } from "./tokens";

export interface Assignment {
  name: string;
  value: PyNode;
  line: number;
}

/**
 * The top-level assignments of a data module (`TASKS = [...]`), as tau-bench's task files are
 * written. Imports and docstrings are skipped; any other statement (a def, a loop, an indented
 * block) is a PythonSyntaxError naming its line: such a file is code, not data, and is not run here.
 */
export function moduleAssignments(source: string): Assignment[] {
  const parser = new ExpressionParser(tokenize(source), 0);
  const assignments: Assignment[] = [];
  for (parser.skipNewlines(); parser.token.kind !== "end"; parser.skipNewlines()) {
    const start = parser.token;
    if (start.column !== 1) parser.fail("unexpected indent: only top-level imports and assignments are read");
    if (parser.isName("import") || parser.isName("from")) {
      while (!endsStatement(parser)) parser.index++;
      continue;
    }
    const next = parser.tokens[parser.index + 1];
    if (start.kind === "name" && next && parser.isOp("=", next)) {
      parser.index += 2;
      assignments.push({ name: start.text, value: parser.expressions(), line: start.line });
    } else {
      const docstring = start.kind === "string" && parser.expressions();
      if (!docstring || docstring.kind !== "Constant" || docstring.value.type !== "str") throw new PythonSyntaxError("only imports, docstrings and assignments (NAME = value) are read here", start.line, start.column);
    }
    if (!endsStatement(parser)) parser.fail("expected the end of the statement");
  }
  return assignments;
}

function endsStatement(parser: ExpressionParser): boolean {
  return parser.token.kind === "newline" || parser.token.kind === "end";
}
