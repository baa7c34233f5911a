import { describe, expect, it } from "vitest";
import { parseExpression } from "./parse";
import { pyFloatRepr, pyStrRepr } from "./repr";
import { PythonSyntaxError } from "./tokens";
import { unparse } from "./unparse";

// Every expected value below is what CPython 3.11 gives (ast.unparse, repr, SyntaxError's line and offset).

describe("parseExpression and unparse (ast.parse, ast.unparse)", () => {
  it.each([
    ["f( 1,2 )", "f(1, 2)"],
    ["a[1:2, ::3]", "a[1:2, ::3]"],
    ["(a or b) or c", "(a or b) or c"],
    ["a or (b or c)", "a or (b or c)"],
    ["-(-1)", "--1"],
    ["2 ** -1", "2 ** (-1)"],
    ["(2 ** 3) ** 2", "(2 ** 3) ** 2"],
    ["not a == b", "not a == b"],
    ["x if y else z", "x if y else z"],
    ["{'a': [1, (2,)], **d}", "{'a': [1, (2,)], **d}"],
    ["f(*a, k=1, **kw)", "f(*a, k=1, **kw)"],
    ["'it\\'s'", `"it's"`],
    ["1 .real", "1 .real"],
    ["'a' 'b' r'\\d'", "'ab\\\\d'"],
    ["0x1F + 0o17 + 0b11 + 1_000", "31 + 15 + 3 + 1000"],
  ])("%s", (source, expected) => {
    expect(unparse(parseExpression(source))).toBe(expected);
  });

  it.each([
    ["f(a=1", "'(' was never closed", 1, 2],
    ["[1, 2", "'[' was never closed", 1, 1],
    ["f(a=1, 2)", "positional argument follows keyword argument", 1, 8],
    ["012", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 1],
    ["1__0", "invalid decimal literal", 1, 2],
    ["'abc", "unterminated string literal", 1, 1],
    ["[\n1,\n2 3]", "expected ','", 3, 3],
  ])("rejects %j with its line and column", (source, message, line, column) => {
    let error: unknown;
    try {
      parseExpression(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PythonSyntaxError);
    expect(error).toMatchObject({ line, column });
    expect((error as Error).message).toContain(message.split(",")[0]);
  });
});

describe("repr", () => {
  it("writes floats as Python does", () => {
    expect([1e16, 1e15, 1e-5, 0.0001, 123, -0, 1.5e300, 2.5e-10, 0.1 + 0.2].map(pyFloatRepr)).toEqual(["1e+16", "1000000000000000.0", "1e-05", "0.0001", "123.0", "-0.0", "1.5e+300", "2.5e-10", "0.30000000000000004"]);
  });

  it("quotes and escapes strings as Python does", () => {
    expect(["it's", 'say "hi"', "both ' and \"", "tab\tnl\n", "\x00\x7f\u00a0é\u2028😀\u200b"].map(pyStrRepr)).toEqual([`"it's"`, `'say "hi"'`, `'both \\' and "'`, "'tab\\tnl\\n'", "'\\x00\\x7f\\xa0é\\u2028😀\\u200b'"]);
  });
});
