/**
 * Reads a tau2 domain's tools from its Python source, without running Python.
 *
 * tau2 builds each tool's OpenAI schema from the method's signature and Google-style docstring
 * (src/tau2/environment/tool.py: docstring_parser + pydantic `create_model(...).model_json_schema()`).
 * This module re-implements that for the constructs the domains use: plain types, List/Dict/
 * Optional/Union/Literal/Annotated, type aliases and pydantic models from the domain's
 * data_model.py. Anything else is an error, so an unsupported construct cannot pass silently.
 * Each tool's read/write type comes from its decorator, `@is_tool(ToolType.WRITE)` etc.
 */

export type JsonSchema = { [key: string]: unknown };

export interface ToolDef {
  name: string;
  /** "read" | "write" | "think" | "generic", from @is_tool(ToolType.X); READ when omitted. */
  toolType: string;
  schema: { type: "function"; function: { name: string; description: string; parameters: JsonSchema } };
}

// ---------------------------------------------------------------- Python text helpers

/** inspect.cleandoc */
export function cleandoc(doc: string): string {
  const lines = doc.replace(/\t/g, "        ").split("\n");
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = line.trimStart();
    if (content) margin = Math.min(margin, line.length - content.length);
  }
  lines[0] = lines[0].trimStart();
  if (margin !== Infinity) for (let index = 1; index < lines.length; index++) lines[index] = lines[index].slice(margin);
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  while (lines.length && !lines[0]) lines.shift();
  return lines.join("\n");
}

/** Python str.title() */
function pyTitle(text: string): string {
  let out = "";
  let previousCased = false;
  for (const char of text) {
    const cased = char.toLowerCase() !== char.toUpperCase();
    out += cased ? (previousCased ? char.toLowerCase() : char.toUpperCase()) : char;
    previousCased = cased;
  }
  return out;
}

/** pydantic's default title for a field name. */
const fieldTitle = (name: string) => pyTitle(name).replace(/_/g, " ");

/** Decodes the escapes of a non-raw Python string literal body. */
function pyUnescape(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\\'"abfnrtv\n]|[0-7]{1,3})/g, (_, escape: string) => {
    const simple: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };
    if (escape in simple) return simple[escape];
    if (escape[0] === "u" || escape[0] === "x") return String.fromCharCode(parseInt(escape.slice(1), 16));
    return String.fromCharCode(parseInt(escape, 8));
  });
}

/** Reads one Python string literal (any quote style, optional r/b/u prefix) starting at `at`. */
function readStringLiteral(text: string, at: number): { value: string; end: number } | null {
  const match = /^([rRuU]?)("""|'''|"|')/.exec(text.slice(at, at + 4));
  if (!match) return null;
  const raw = match[1].toLowerCase() === "r";
  const quote = match[2];
  let index = at + match[0].length;
  for (;;) {
    const next = text.indexOf(quote, index);
    if (next < 0) throw new Error(`unterminated string literal at ${at}`);
    let backslashes = 0;
    for (let back = next - 1; text[back] === "\\"; back--) backslashes++;
    if (backslashes % 2 === 0) {
      const body = text.slice(at + match[0].length, next);
      return { value: raw ? body : pyUnescape(body), end: next + quote.length };
    }
    index = next + 1;
  }
}

/** The end (exclusive) of the bracketed group that opens at `open`, skipping strings. */
function matchBracket(text: string, open: number): number {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const stack: string[] = [];
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'") {
      const literal = readStringLiteral(text, index);
      index = literal!.end - 1;
      continue;
    }
    if (char === "#") {
      const newline = text.indexOf("\n", index);
      index = newline < 0 ? text.length : newline;
      continue;
    }
    if (pairs[char]) stack.push(pairs[char]);
    else if (char === ")" || char === "]" || char === "}") {
      if (stack.pop() !== char) throw new Error(`unbalanced '${char}' at ${index}`);
      if (!stack.length) return index + 1;
    }
  }
  throw new Error(`unclosed bracket at ${open}`);
}

/** Splits on commas that are not inside brackets or strings. */
function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'") {
      index = readStringLiteral(text, index)!.end - 1;
      continue;
    }
    if (char === "#") {
      const newline = text.indexOf("\n", index);
      const end = newline < 0 ? text.length : newline;
      text = text.slice(0, index) + " ".repeat(end - index) + text.slice(end);
      continue;
    }
    if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** A Python literal expression as JSON (numbers, strings, None/True/False, lists, dicts). */
function pyLiteral(expression: string): unknown {
  const text = expression.trim();
  if (text === "None") return null;
  if (text === "True") return true;
  if (text === "False") return false;
  if (/^-?\d+$/.test(text)) return Number(text);
  if (/^-?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (/^[rRuU]?["']/.test(text)) return concatenatedStrings(text);
  if (text.startsWith("[") || text.startsWith("(")) return splitTopLevel(text.slice(1, -1)).map(pyLiteral);
  if (text.startsWith("{")) {
    const out: Record<string, unknown> = {};
    for (const item of splitTopLevel(text.slice(1, -1))) {
      const [key, value] = splitTopLevel(item, ":");
      out[String(pyLiteral(key))] = pyLiteral(value);
    }
    return out;
  }
  throw new Error(`unsupported Python literal: ${text}`);
}

/** "abc" "def" (implicit concatenation, possibly across lines in parentheses). */
function concatenatedStrings(text: string): string {
  let out = "";
  let at = 0;
  const body = text.startsWith("(") && text.endsWith(")") ? text.slice(1, -1) : text;
  while (at < body.length) {
    while (at < body.length && /\s/.test(body[at])) at++;
    if (at >= body.length) break;
    const literal = readStringLiteral(body, at);
    if (!literal) throw new Error(`not a string literal: ${body.slice(at, at + 40)}`);
    out += literal.value;
    at = literal.end;
  }
  return out;
}

/** Call arguments `f(a, b, key=value)` → positional and keyword expression texts. */
function callArguments(inner: string): { positional: string[]; keywords: Record<string, string> } {
  const positional: string[] = [];
  const keywords: Record<string, string> = {};
  for (const part of splitTopLevel(inner)) {
    const keyword = /^(\w+)\s*=(?!=)\s*([\s\S]*)$/.exec(part);
    if (keyword) keywords[keyword[1]] = keyword[2];
    else positional.push(part);
  }
  return { positional, keywords };
}

// ---------------------------------------------------------------- docstrings (docstring_parser, Google style)

const SECTION_TYPES: Record<string, "param" | "raises" | "singular" | "singular_or_multiple"> = {
  Arguments: "param",
  Args: "param",
  Parameters: "param",
  Params: "param",
  Raises: "raises",
  Exceptions: "raises",
  Except: "raises",
  Attributes: "param",
  Example: "singular",
  Examples: "singular",
  Returns: "singular_or_multiple",
  Yields: "singular_or_multiple",
};
const TITLES_RE = new RegExp(`^(${Object.keys(SECTION_TYPES).map((title) => `(${title})`).join("|")}):[ \\t\\r\\f\\v]*$`, "gm");

export interface ParsedDocstring {
  shortDescription: string | null;
  longDescription: string | null;
  params: Map<string, string | null>;
}

export function parseDocstring(docstring: string | null): ParsedDocstring {
  const result: ParsedDocstring = { shortDescription: null, longDescription: null, params: new Map() };
  if (!docstring) return result;
  const text = cleandoc(docstring);
  TITLES_RE.lastIndex = 0;
  const first = TITLES_RE.exec(text);
  const descChunk = first ? text.slice(0, first.index) : text;
  const metaChunk = first ? text.slice(first.index) : "";
  const newline = descChunk.indexOf("\n");
  result.shortDescription = (newline < 0 ? descChunk : descChunk.slice(0, newline)) || null;
  if (newline >= 0) result.longDescription = descChunk.slice(newline + 1).trim() || null;

  const matches = [...metaChunk.matchAll(new RegExp(TITLES_RE.source, "gm"))];
  const chunks = new Map<string, string>();
  matches.forEach((match, index) => {
    const start = match.index! + match[0].length;
    const end = index + 1 < matches.length ? matches[index + 1].index! : metaChunk.length;
    let details = metaChunk.slice(start, end);
    const unknown = /\n\S/.exec(details);
    if (unknown) details = details.slice(0, unknown.index);
    chunks.set(match[1], details.replace(/^\n+|\n+$/g, ""));
  });
  for (const [title, chunk] of chunks) {
    if (SECTION_TYPES[title] !== "param") continue;
    const indent = /^\s*/.exec(chunk)![0];
    const starts = [...chunk.matchAll(new RegExp(`^${indent}(?=\\S)`, "gm"))];
    starts.forEach((match, index) => {
      const start = match.index! + match[0].length;
      const end = index + 1 < starts.length ? starts[index + 1].index! : chunk.length;
      const part = chunk.slice(start, end).replace(/^\n+|\n+$/g, "");
      const colon = part.indexOf(":");
      if (colon < 0) throw new Error(`docstring: expected a colon in ${JSON.stringify(part)}`);
      const before = part.slice(0, colon);
      let description = part.slice(colon + 1);
      if (description) {
        if (description[0] === " ") description = description.slice(1);
        const lineEnd = description.indexOf("\n");
        if (lineEnd >= 0) description = `${description.slice(0, lineEnd)}\n${cleandoc(description.slice(lineEnd + 1))}`;
        description = description.replace(/^\n+|\n+$/g, "");
      }
      const typed = /^\s*(.+?)\s*\(\s*(.*[^\s]+)\s*\)/.exec(before);
      result.params.set(typed ? typed[1] : before, description || null);
    });
  }
  return result;
}

// ---------------------------------------------------------------- type annotations → JSON schema (pydantic v2)

type TypeNode = { kind: "name"; name: string; args: TypeNode[] | null } | { kind: "literal"; value: unknown };

function parseAnnotation(text: string): TypeNode {
  const tokens = text.match(/[A-Za-z_][\w.]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|\.\.\.|[[\](),|=]/g) ?? [];
  let at = 0;
  const union = (): TypeNode => {
    const members = [primary()];
    while (tokens[at] === "|") {
      at++;
      members.push(primary());
    }
    return members.length === 1 ? members[0] : { kind: "name", name: "Union", args: members };
  };
  const primary = (): TypeNode => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`annotation ended early: ${text}`);
    if (/^["'-\d]/.test(token) || token === "...") return { kind: "literal", value: token === "..." ? "..." : pyLiteral(token) };
    if (tokens[at] === "[") {
      at++;
      const args: TypeNode[] = [];
      while (tokens[at] !== "]") {
        if (at >= tokens.length) throw new Error(`unclosed '[' in annotation: ${text}`);
        // Annotated[T, Field(...)]: keep the call's text as a literal node.
        if (/^[A-Za-z_]/.test(tokens[at]) && tokens[at + 1] === "(") {
          const name = tokens[at];
          let depth = 0;
          const parts: string[] = [];
          do {
            if (at >= tokens.length) throw new Error(`unclosed call in annotation: ${text}`);
            const part = tokens[at++];
            if (part === "(") depth++;
            if (part === ")") depth--;
            parts.push(part);
          } while (depth > 0 || parts.length < 2);
          args.push({ kind: "literal", value: { call: name, text: parts.join(" ") } });
        } else args.push(union());
        if (tokens[at] === ",") at++;
      }
      at++;
      return { kind: "name", name: token, args };
    }
    return { kind: "name", name: token, args: null };
  };
  const node = union();
  if (at !== tokens.length) throw new Error(`unparsed annotation: ${text}`);
  return node;
}

interface ModelField {
  name: string;
  annotation: string;
  /** Python expression text of the default, or null when required. */
  defaultText: string | null;
  description: string | null;
}

interface DataModel {
  aliases: Map<string, string>;
  models: Map<string, { bases: string[]; doc: string | null; fields: ModelField[] }>;
  enums: Map<string, { values: unknown[] }>;
}

/** Top-level aliases, pydantic models and Enums of a data_model.py. */
export function parseDataModel(source: string): DataModel {
  const model: DataModel = { aliases: new Map(), models: new Map(), enums: new Map() };
  const lines = source.split("\n");
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const classMatch = /^class (\w+)\((.*)\):\s*$/.exec(line);
    if (classMatch) {
      const body: string[] = [];
      let next = index + 1;
      while (next < lines.length && (lines[next].trim() === "" || /^\s/.test(lines[next]))) body.push(lines[next++]);
      const bases = splitTopLevel(classMatch[2]);
      const bodyText = body.join("\n");
      if (bases.some((base) => base === "Enum" || base.endsWith("Enum"))) {
        const values: unknown[] = [];
        for (const member of bodyText.matchAll(/^ {4}(\w+)\s*=\s*(.+)$/gm)) values.push(pyLiteral(member[2]));
        model.enums.set(classMatch[1], { values });
      } else model.models.set(classMatch[1], { bases, ...parseClassBody(bodyText) });
      index = next - 1;
      continue;
    }
    const alias = /^([A-Z]\w*)\s*=\s*(.*)$/.exec(line);
    if (alias) {
      const expressionStart = offsets[index] + line.length - alias[2].length;
      let expression = alias[2];
      const open = expression.search(/[[(]/);
      if (open >= 0) {
        // The alias may continue over several lines.
        const end = matchBracket(source, expressionStart + open);
        expression = source.slice(expressionStart, Math.max(end, expressionStart + expression.length));
        index += expression.split("\n").length - 1;
      }
      model.aliases.set(alias[1], expression.trim());
    }
  }
  return model;
}

function parseClassBody(body: string): { doc: string | null; fields: ModelField[] } {
  const fields: ModelField[] = [];
  let doc: string | null = null;
  const docStart = body.search(/\S/);
  if (docStart >= 0 && /^[rRuU]?("""|\'\'\')/.test(body.slice(docStart))) {
    const literal = readStringLiteral(body, docStart)!;
    doc = literal.value;
    // Blank the docstring out, so that its lines are not read as fields.
    body = body.slice(0, docStart) + body.slice(docStart, literal.end).replace(/[^\n]/g, " ") + body.slice(literal.end);
  }
  const lines = body.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const match = /^ {4}(\w+)\s*:\s*(\S.*)$/.exec(lines[index]);
    if (!match || match[1] === "model_config" || match[2].startsWith("ClassVar")) continue;
    // Gather the statement: it ends where its brackets close.
    let statement = match[2];
    let depth = 0;
    const count = (text: string) => {
      for (const char of text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "")) {
        if ("([{".includes(char)) depth++;
        else if (")]}".includes(char)) depth--;
      }
    };
    count(statement);
    while (depth > 0 && index + 1 < lines.length) {
      index++;
      statement += `\n${lines[index]}`;
      count(lines[index]);
    }
    const [annotation, ...rest] = splitTopLevel(statement, "=");
    const valueText = rest.length ? statement.slice(statement.indexOf("=", annotation.length) + 1).trim() : null;
    let defaultText: string | null = valueText;
    let description: string | null = null;
    if (valueText && /^Field\s*\(/.test(valueText)) {
      const open = valueText.indexOf("(");
      const { positional, keywords } = callArguments(valueText.slice(open + 1, matchBracket(valueText, open) - 1));
      defaultText = keywords.default ?? positional[0] ?? (keywords.default_factory ? "<factory>" : null);
      if (defaultText === "...") defaultText = null;
      if (keywords.description) description = concatenatedStrings(keywords.description);
    }
    fields.push({ name: match[1], annotation: annotation.trim(), defaultText, description });
  }
  return { doc, fields };
}

class SchemaBuilder {
  readonly defs = new Map<string, JsonSchema>();
  constructor(private readonly data: DataModel) {}

  schemaFor(node: TypeNode): { schema: JsonSchema; description: string | null } {
    if (node.kind === "literal") throw new Error(`unexpected literal in annotation: ${JSON.stringify(node.value)}`);
    const name = node.name.replace(/^(typing|typing_extensions)\./, "");
    const args = node.args ?? [];
    const plain = (schema: JsonSchema) => ({ schema, description: null });
    switch (name) {
      case "str":
        return plain({ type: "string" });
      case "int":
        return plain({ type: "integer" });
      case "float":
        return plain({ type: "number" });
      case "bool":
        return plain({ type: "boolean" });
      case "None":
      case "NoneType":
        return plain({ type: "null" });
      case "Any":
        return plain({});
      case "dict":
      case "Dict": {
        if (!node.args) return plain({ additionalProperties: true, type: "object" });
        const value = this.schemaFor(args[1]).schema;
        return plain({ additionalProperties: Object.keys(value).length ? value : true, type: "object" });
      }
      case "list":
      case "List":
      case "Sequence":
        return plain({ items: node.args ? this.schemaFor(args[0]).schema : {}, type: "array" });
      case "Optional":
        return plain({ anyOf: [this.schemaFor(args[0]).schema, { type: "null" }] });
      case "Union":
        return plain({ anyOf: args.map((arg) => this.schemaFor(arg).schema) });
      case "Literal": {
        const values = args.map((arg) => {
          if (arg.kind !== "literal") throw new Error("Literal of a non-literal");
          return arg.value;
        });
        const types = new Set(values.map((value) => (value === null ? "null" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value)));
        const schema: JsonSchema = { enum: values };
        if (types.size === 1) schema.type = [...types][0];
        return plain(schema);
      }
      case "Annotated": {
        const inner = this.schemaFor(args[0]);
        let description = inner.description;
        for (const extra of args.slice(1)) {
          if (extra.kind !== "literal" || typeof extra.value !== "object" || extra.value === null) continue;
          const call = extra.value as { call: string; text: string };
          if (call.call !== "Field") continue;
          const text = call.text.replace(/^Field \( /, "").replace(/ \)$/, "");
          const found = /description = ((?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*)+)/.exec(text);
          if (found) description = concatenatedStrings(found[1]);
        }
        return { schema: inner.schema, description };
      }
    }
    const alias = this.data.aliases.get(name);
    if (alias !== undefined) return this.schemaFor(parseAnnotation(alias));
    if (this.data.enums.has(name)) {
      if (!this.defs.has(name)) {
        const values = this.data.enums.get(name)!.values;
        this.defs.set(name, { enum: values, title: name, type: typeof values[0] === "number" ? "integer" : "string" });
      }
      return plain({ $ref: `#/$defs/${name}` });
    }
    if (this.data.models.has(name)) {
      if (!this.defs.has(name)) {
        this.defs.set(name, {});
        this.defs.set(name, this.modelSchema(name));
      }
      return plain({ $ref: `#/$defs/${name}` });
    }
    throw new Error(`unsupported type in tool signature: ${name}`);
  }

  private modelFields(name: string): ModelField[] {
    const model = this.data.models.get(name);
    if (!model) return [];
    const fields: ModelField[] = [];
    for (const base of model.bases) for (const field of this.modelFields(base)) fields.push(field);
    for (const field of model.fields) {
      const existing = fields.findIndex((candidate) => candidate.name === field.name);
      if (existing >= 0) fields[existing] = field;
      else fields.push(field);
    }
    return fields;
  }

  private modelSchema(name: string): JsonSchema {
    const model = this.data.models.get(name)!;
    const properties: JsonSchema = {};
    const required: string[] = [];
    for (const field of this.modelFields(name)) {
      properties[field.name] = this.property(field.name, field.annotation, field.defaultText, field.description);
      if (field.defaultText === null) required.push(field.name);
    }
    const schema: JsonSchema = { properties, title: name, type: "object" };
    if (model.doc) schema.description = cleandoc(model.doc);
    if (required.length) schema.required = required;
    return schema;
  }

  property(name: string, annotation: string | null, defaultText: string | null, description: string | null): JsonSchema {
    const typed = annotation === null ? { schema: {}, description: null } : this.schemaFor(parseAnnotation(annotation));
    const schema: JsonSchema = { ...typed.schema, title: fieldTitle(name) };
    const text = description ?? typed.description;
    if (text !== null) schema.description = text;
    if (defaultText !== null && defaultText !== "<factory>") schema.default = pyLiteral(defaultText);
    return schema;
  }
}

/** pydantic v2 sorts schema keys, except inside "properties" and "default". */
function sortSchema(value: unknown, parentKey: string | null = null): unknown {
  if (Array.isArray(value)) return value.map((item) => sortSchema(item, parentKey));
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  if (parentKey !== "properties" && parentKey !== "default") keys.sort();
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = sortSchema((value as Record<string, unknown>)[key], key);
  return out;
}

// ---------------------------------------------------------------- tools.py

interface ToolMethod {
  name: string;
  toolType: string;
  params: { name: string; annotation: string | null; defaultText: string | null }[];
  docstring: string | null;
}

/** The @is_tool methods of every class in a tools.py, by class, in definition order. */
export function parseToolMethods(source: string): Map<string, { bases: string[]; methods: ToolMethod[] }> {
  const classes = new Map<string, { bases: string[]; methods: ToolMethod[] }>();
  const classRe = /^class (\w+)\(([^)]*)\):/gm;
  const classStarts = [...source.matchAll(classRe)];
  classStarts.forEach((match, index) => {
    const start = match.index!;
    const end = index + 1 < classStarts.length ? classStarts[index + 1].index! : source.length;
    const body = source.slice(start, end);
    const methods: ToolMethod[] = [];
    // Only live decorators: a commented-out "# @is_tool" does not match.
    for (const decorator of body.matchAll(/^[ \t]+@is_tool\(([^)]*)\)[ \t]*\n/gm)) {
      const after = decorator.index! + decorator[0].length;
      const def = /^[ \t]+def (\w+)\s*\(/.exec(body.slice(after));
      if (!def) throw new Error(`@is_tool not followed by a def in class ${match[1]}`);
      const open = after + def[0].length - 1;
      const close = matchBracket(body, open);
      const signatureEnd = /^\s*(?:->[^\n]*?)?:[ \t]*(?:#[^\n]*)?\n/.exec(body.slice(close));
      if (!signatureEnd) throw new Error(`cannot find the end of def ${def[1]}'s signature`);
      const colon = close + signatureEnd[0].length - 1;
      const params = splitTopLevel(body.slice(open + 1, close - 1))
        .filter((param) => param !== "self" && !param.startsWith("*"))
        .map((param) => {
          const [head, ...rest] = splitTopLevel(param, "=");
          const defaultText = rest.length ? param.slice(param.indexOf("=", head.length) + 1).trim() : null;
          const [name, ...annotation] = head.split(":");
          return { name: name.trim(), annotation: annotation.length ? annotation.join(":").trim() : null, defaultText };
        });
      const afterColon = body.slice(colon + 1);
      const docStart = afterColon.search(/\S/);
      const literal = /^[rRuU]?("""|'''|"|')/.test(afterColon.slice(docStart)) ? readStringLiteral(afterColon, docStart) : null;
      const typeMatch = /ToolType\.(\w+)/.exec(decorator[1]);
      methods.push({ name: def[1], toolType: (typeMatch ? typeMatch[1] : "READ").toLowerCase(), params, docstring: literal ? literal.value : null });
    }
    classes.set(match[1], { bases: splitTopLevel(match[2]), methods });
  });
  return classes;
}

export interface DomainSources {
  toolsPy: string;
  dataModelPy: string;
  /** src/tau2/environment/toolkit.py, for tools inherited from a generic toolkit. */
  toolkitPy: string;
}

/** The agent's tools of a domain, in tau2's order, with their OpenAI schemas and read/write types. */
export function extractTools(sources: DomainSources): ToolDef[] {
  const classes = parseToolMethods(sources.toolsPy);
  const withTools = [...classes.entries()].filter(([, value]) => value.methods.length > 0);
  if (withTools.length !== 1) throw new Error(`expected one toolkit class with @is_tool methods in tools.py, found ${withTools.map(([name]) => name).join(", ") || "none"}`);
  const [, toolkit] = withTools[0];
  const methods = [...toolkit.methods];
  // ToolKitType: the class's own tools first, then its bases' (as dict.update would add them).
  const baseClasses = parseToolMethods(sources.toolkitPy);
  const visit = (bases: string[]) => {
    for (const base of bases) {
      const found = baseClasses.get(base) ?? classes.get(base);
      if (!found) continue;
      for (const method of found.methods) if (!methods.some((existing) => existing.name === method.name)) methods.push(method);
      visit(found.bases);
    }
  };
  visit(toolkit.bases);

  const data = parseDataModel(sources.dataModelPy);
  return methods.map((method) => {
    const doc = parseDocstring(method.docstring);
    const builder = new SchemaBuilder(data);
    const properties: JsonSchema = {};
    const required: string[] = [];
    for (const param of method.params) {
      const description = doc.params.has(param.name) ? doc.params.get(param.name)! : null;
      properties[param.name] = builder.property(param.name, param.annotation, param.defaultText, description);
      if (param.defaultText === null) required.push(param.name);
    }
    const parameters: JsonSchema = { properties, title: "parameters", type: "object" };
    if (required.length) parameters.required = required;
    if (builder.defs.size) parameters.$defs = Object.fromEntries(builder.defs);
    const description = !doc.shortDescription ? method.name : doc.longDescription ? `${doc.shortDescription}\n\n${doc.longDescription}` : doc.shortDescription;
    return {
      name: method.name,
      toolType: method.toolType,
      schema: { type: "function", function: { name: method.name, description, parameters: sortSchema(parameters) as JsonSchema } },
    };
  });
}

/** The agent prompt templates of src/tau2/agent/llm_agent.py. */
export function readAgentPrompt(llmAgentPy: string): { instruction: string; template: string } {
  const constant = (name: string): string => {
    const match = new RegExp(`^${name}\\s*=\\s*`, "m").exec(llmAgentPy);
    if (!match) throw new Error(`${name} not found in llm_agent.py`);
    const literal = readStringLiteral(llmAgentPy, match.index + match[0].length);
    if (!literal) throw new Error(`${name} is not a string literal`);
    const stripped = /^\.strip\(\)/.test(llmAgentPy.slice(literal.end));
    return stripped ? literal.value.trim() : literal.value;
  };
  return { instruction: constant("AGENT_INSTRUCTION"), template: constant("SYSTEM_PROMPT") };
}

/** Python str.format with keyword arguments only. */
export function pyFormat(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, key: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(key! in values)) throw new Error(`format: no value for {${key}}`);
    return values[key!];
  });
}
