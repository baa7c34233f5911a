import type { LineError } from "@/lib/references/json-lines";
import type { PyNode } from "./python/nodes";
import { ExpressionParser } from "./python/parse";
import { PythonSyntaxError, tokenize, type Token } from "./python/tokens";

/**
 * The tools a tau2 domain declares, with their kind, read from its Python source as tau2 marks
 * them: a method decorated `@is_tool(ToolType.WRITE)` (or `@is_discoverable_tool(...)`) is a
 * tool; the first argument or `tool_type=` says its kind, READ when absent (tau2's default). The
 * tools that are not WRITE (reads, `think`, `calculate`, a transfer) are the free tools of a task's
 * reference. Nothing is run and no tool name is known in advance: the decorators say it all.
 */
export interface DeclaredTool {
  name: string;
  /** tau2's ToolType: "read", "write", "think", "generic". */
  type: string;
  line: number;
}

const DECORATORS = new Set(["is_tool", "is_discoverable_tool"]);

export function declaredTools(source: string, file: string): { tools: DeclaredTool[]; problems: LineError[] } {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch (error) {
    if (error instanceof PythonSyntaxError) return { tools: [], problems: [{ file, line: error.line, path: "", message: `not Python that can be read (column ${error.column}): ${error.message}` }] };
    throw error;
  }
  const tools: DeclaredTool[] = [];
  const problems: LineError[] = [];
  tokens.forEach((token, index) => {
    const before = tokens[index - 1];
    const name = tokens[index + 1];
    // A decorator: `@` first on its line, then the decorator's name (a commented-out one is no token).
    if (token.kind !== "op" || token.text !== "@" || (before && before.kind !== "newline") || name?.kind !== "name" || !DECORATORS.has(name.text)) return;
    try {
      const parser = new ExpressionParser(tokens, index + 1);
      const decorator = parser.expression();
      const defName = decoratedFunction(tokens, parser.index);
      tools.push({ name: defName, type: toolType(decorator), line: token.line });
    } catch (error) {
      if (!(error instanceof PythonSyntaxError)) throw error;
      problems.push({ file, line: error.line, path: "", message: `@${name.text}: ${error.message}` });
    }
  });
  if (tools.length === 0 && problems.length === 0) problems.push({ file, line: 1, path: "", message: "declares no tool: no method is decorated with @is_tool(…) as tau2's tools.py files are" });
  return { tools, problems };
}

/** The function a decorator stands on: past the decorator's line and any further decorators. */
function decoratedFunction(tokens: readonly Token[], from: number): string {
  let index = from;
  for (;;) {
    const token = tokens[index];
    if (token.kind === "newline") index++;
    else if (token.kind === "op" && token.text === "@") {
      while (tokens[index].kind !== "newline" && tokens[index].kind !== "end") index++;
    } else break;
  }
  if (isName(tokens[index], "async")) index++;
  const keyword = tokens[index];
  const name = tokens[index + 1];
  if (!isName(keyword, "def") || name?.kind !== "name") throw new PythonSyntaxError("is not followed by a def", keyword.line, keyword.column);
  return name.text;
}

function isName(token: Token, text: string): boolean {
  return token.kind === "name" && token.text === text;
}

/** `ToolType.WRITE` as "write"; READ when the decorator does not say. */
function toolType(decorator: PyNode): string {
  if (decorator.kind !== "Call") return "read";
  const given = decorator.keywords.find((keyword) => keyword.name === "tool_type")?.value ?? decorator.args[0];
  if (!given) return "read";
  if (given.kind === "Attribute" && given.value.kind === "Name" && given.value.id === "ToolType") return given.attr.toLowerCase();
  throw new PythonSyntaxError("the tool type is not written as ToolType.<KIND>", given.line, given.column);
}

/** The free tools of a reference: every declared tool that does not write. */
export function freeToolsOf(tools: readonly DeclaredTool[]): string[] {
  return [...new Set(tools.filter((tool) => tool.type !== "write").map((tool) => tool.name))];
}
