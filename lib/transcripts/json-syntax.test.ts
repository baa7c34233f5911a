import { describe, expect, it } from "vitest";
import { findJsonSyntaxError } from "./json-syntax";

const reason = (text: string) => {
  const error = findJsonSyntaxError(text);
  return error && `${error.line}:${error.column} ${error.reason}`;
};

describe("findJsonSyntaxError", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const text of ['{"a":[1,-2.5e3,true,null,"x\\u00e9\\n"]}', "[]", " 3 ", '"s"']) expect(findJsonSyntaxError(text)).toBeNull();
  });

  it("locates and explains common mistakes", () => {
    expect(reason('{"a": 1,}')).toBe("1:9 a comma before `}` is not allowed (trailing comma)");
    expect(reason("[1, 2,]")).toBe("1:7 a comma before `]` is not allowed (trailing comma)");
    expect(reason("{a: 1}")).toBe("1:2 expected a property name in double quotes, got `a`");
    expect(reason("{'a': 1}")).toBe("1:2 expected a property name in double quotes, got `'`");
    expect(reason('{"a" 1}')).toBe("1:6 expected `:` after a property name, got `1`");
    expect(reason('{"a": 1 "b": 2}')).toBe("1:9 expected `,` or `}` after a property value, got `\"`");
    expect(reason("[1 2]")).toBe("1:4 expected `,` or `]` after an array element, got `2`");
    expect(reason('{\n  "a": \'x\'\n}')).toBe("2:8 strings must use double quotes, not single quotes");
    expect(reason('{"a": 01}')).toBe("1:7 invalid number: a leading zero is not allowed");
    expect(reason('{"a": "x\\q"}')).toBe("1:9 invalid escape `\\q` in a string");
    expect(reason('{"a": "x\ny"}')).toBe("1:9 a line break inside a string must be written as \\n (or the closing `\"` is missing)");
    expect(reason('{"a": "open')).toBe('1:7 unterminated string: the closing `"` is missing');
    expect(reason('{"a": [1, 2')).toBe("1:12 unexpected end of input: `]` is missing");
    expect(reason('{"a": 1} x')).toBe("1:10 unexpected `x` after the end of the JSON value");
    expect(reason("")).toBe("1:1 the text is empty: expected a JSON value");
    expect(reason("{\"a\": NaN}")).toBe("1:7 expected a value, got `N`");
  });
});
