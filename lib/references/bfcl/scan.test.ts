import { describe, expect, it } from "vitest";
import { arrayListAdds, bracketGroups, hashMapPutPairs, hashMapPuts, hasEmptyHashMap, jsObjectPairs } from "./scan";

// Python's `re` and V8 agree on these expressions' matches (lazy and greedy quantifiers, lookahead).
const ARRAY_LIST = /new\s+ArrayList<\w*>\(\)\s*\{\{\s*([\s\S]+?)\s*\}\}/;
const HASH_MAP = /new\s+HashMap<[\s\S]*?>\s*\(\)\s*\{\s*\{?\s*([\s\S]*?)\s*\}?\s*\}/;
const EMPTY_HASH_MAP = /new\s+HashMap<.*?>\s*\(\)/;
const PAIRS = /([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)/g;
const BRACKETS = /\[(.*?)\]/g;
const PUTS = /put\("(.*?)",\s*(.*?)\)/g;

/** Deterministic text from a small alphabet, with the collection words where the scanners look. */
function* inputs(alphabet: readonly string[], count: number, maxLength: number, heads: readonly string[] = [""]): Generator<string> {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let index = 0; index < count; index++) {
    const length = Math.floor(next() * maxLength);
    let text = heads[Math.floor(next() * heads.length)];
    for (let char = 0; char < length; char++) text += alphabet[Math.floor(next() * alphabet.length)];
    yield text;
  }
}

describe("linear scanners equal BFCL's regular expressions", () => {
  it("ArrayList with add() calls", () => {
    let found = 0;
    for (const text of inputs([" ", "\n", "{", "}", "{{", "}}", "add(1);", "x", "new ArrayList<>()"], 20000, 9, ["", "new ArrayList<>()", "x new ArrayList<Integer>()"])) {
      const expected = ARRAY_LIST.exec(text)?.[1] ?? null;
      expect(arrayListAdds(text), JSON.stringify(text)).toBe(expected);
      if (expected !== null) found++;
    }
    expect(found).toBeGreaterThan(100);
  });

  it("HashMap with put() calls, and an empty HashMap", () => {
    let found = 0;
    for (const text of inputs([">", "String, Integer", "()", " ", "\n", "{", "}", "put(\"a\", 1);", "x", "new HashMap<"], 20000, 9, ["", "new HashMap<", "x new HashMap<String>", "new HashMap<>() "])) {
      const expected = HASH_MAP.exec(text)?.[1] ?? null;
      expect(hashMapPuts(text), JSON.stringify(text)).toBe(expected);
      expect(hasEmptyHashMap(text), JSON.stringify(text)).toBe(EMPTY_HASH_MAP.test(text));
      if (expected !== null) found++;
    }
    expect(found).toBeGreaterThan(100);
  });

  it("a JavaScript object's key: value pairs", () => {
    for (const text of inputs(["a", "'b'", ":", ",", " ", "1", "[", "]"], 30000, 12)) {
      expect(jsObjectPairs(text), JSON.stringify(text)).toEqual([...text.matchAll(PAIRS)].map((match) => [match[1], match[2]]));
    }
  });

  it("a HashMap's put() calls", () => {
    let found = 0;
    for (const text of inputs(['put("', '",', " ", "\n", ")", "k", "1", '"'], 30000, 10, ["", 'put("', 'put("a", 1); put("']) ) {
      const expected = [...text.matchAll(PUTS)].map((match) => [match[1], match[2]]);
      expect(hashMapPutPairs(text), JSON.stringify(text)).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(100);
  });

  it("bracketed groups", () => {
    for (const text of inputs(["[", "]", "1", ",", " ", "\n"], 20000, 12)) {
      expect(bracketGroups(text), JSON.stringify(text)).toEqual([...text.matchAll(BRACKETS)].map((match) => match[1]));
    }
  });
});
