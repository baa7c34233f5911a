import { describe, expect, it } from "vitest";
import { parsePyJson } from "./py-json";
import { PyDict, PyFloat, PyInt, pyEquals, pyIn, pyRepr, pyType, toPyJson, type PyValue } from "./py-value";

const read = (text: string): PyValue => {
  const parsed = parsePyJson(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe("parsePyJson", () => {
  it("keeps a number's type as Python's json.loads does: 5.0 is a float, 5 an int of any size", () => {
    expect(pyType(read("5.0"))).toBe("float");
    expect(pyType(read("5"))).toBe("int");
    expect(pyType(read("1e3"))).toBe("float");
    expect((read("9223372036854775807") as PyInt).value).toBe(9223372036854775807n);
  });

  it("accepts NaN and Infinity, and keeps a repeated key's first place with its last value", () => {
    expect(Number.isNaN((read("NaN") as PyFloat).value)).toBe(true);
    expect((read("-Infinity") as PyFloat).value).toBe(Number.NEGATIVE_INFINITY);
    const dict = read('{"a": 1, "b": 2, "a": 3}') as PyDict;
    expect([...dict.entries.keys()]).toEqual(["a", "b"]);
    expect(pyRepr(dict)).toBe("{'a': 3, 'b': 2}");
  });

  it("reads escapes and rejects what json.loads rejects, with the offset", () => {
    expect(read('"a\\u00e9\\n\\"b"')).toBe('aé\n"b');
    for (const bad of ["{'a': 1}", "[1,]", '"tab\tinside"', "01", "{} x", "tru"]) expect(parsePyJson(bad).ok, bad).toBe(false);
    expect(parsePyJson('{"a": }')).toMatchObject({ ok: false, message: "Expecting value", offset: 6 });
  });

  it("writes values back so that they read the same", () => {
    const value = read('{"f": 2.0, "i": 2, "l": [1.5, true, null, "x"]}');
    expect(toPyJson(value)).toBe('{"f":2.0,"i":2,"l":[1.5,true,null,"x"]}');
    expect(pyEquals(read(toPyJson(value)), value)).toBe(true);
  });
});

describe("Python equality", () => {
  it("compares as Python's == does: 1 == 1.0 == True, but not '1'", () => {
    expect(pyEquals(new PyInt(1n), new PyFloat(1))).toBe(true);
    expect(pyEquals(true, new PyInt(1n))).toBe(true);
    expect(pyEquals("1", new PyInt(1n))).toBe(false);
    expect(pyEquals(new PyInt(2n ** 53n + 1n), new PyFloat(2 ** 53))).toBe(false);
    expect(pyIn([new PyInt(1n)], [[new PyFloat(1)]])).toBe(true);
    expect(pyEquals(new PyDict(new Map([["a", 1n === 1n]])), new PyDict(new Map([["a", new PyInt(1n)]])))).toBe(true);
  });
});
