import { describe, expect, it } from "vitest";
import { parsePyJson, PyFloat, stringifyKeepingFloats } from "./pyjson";

describe("stringifyKeepingFloats", () => {
  it("writes what JSON.stringify writes, but floats as Python wrote them", () => {
    const value = { a: parsePyJson('{"gb": 2.0, "n": 2, "x": 0.5, "big": 1e+16}'), s: 'q"é\n', list: [true, null, new PyFloat(-1)], skip: undefined };
    expect(stringifyKeepingFloats(value)).toBe('{"a":{"gb":2.0,"n":2,"x":0.5,"big":1e+16},"s":"q\\"é\\n","list":[true,null,-1.0]}');
    const plain = { id: "r", meta: { reward: 1, tags: ["a"], none: null }, nested: [[1, 2], {}] };
    expect(stringifyKeepingFloats(plain)).toBe(JSON.stringify(plain));
    expect(JSON.parse(stringifyKeepingFloats(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it("refuses what JSON cannot hold", () => {
    expect(() => stringifyKeepingFloats(new PyFloat(NaN))).toThrow(/no JSON form/);
    expect(() => stringifyKeepingFloats(BigInt(1))).toThrow(/cannot write/);
  });
});
