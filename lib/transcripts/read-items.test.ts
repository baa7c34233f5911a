import { describe, expect, it } from "vitest";
import { type Chunk, type ReadItem, readItems, readItemsFromText } from "./read-items";

const encoder = new TextEncoder();

async function collect(chunks: Iterable<Chunk> | AsyncIterable<Chunk>, file = "upload.json", limits = {}): Promise<ReadItem[]> {
  const out: ReadItem[] = [];
  for await (const item of readItems(chunks, file, limits)) out.push(item);
  return out;
}

/** The bytes of `text` cut at every listed offset. */
function cutAt(text: string, offsets: number[]): Uint8Array[] {
  const bytes = encoder.encode(text);
  const points = [0, ...offsets, bytes.length];
  return points.slice(1).map((end, i) => bytes.slice(points[i], end));
}

const values = (items: ReadItem[]) => items.map((i) => (i.ok ? i.value : { error: i.error.message }));

describe("readItems containers", () => {
  it("reads one object, pretty-printed over many lines", async () => {
    const items = await collect(['{\n  "messages": [\n    {"role": "user", "content": "hi"}\n  ]\n}\n']);
    expect(items).toEqual([
      { ok: true, value: { messages: [{ role: "user", content: "hi" }] }, ordinal: 1, line: 1, bytes: 61, bytesRead: 61 },
    ]);
  });

  it("reads a top-level array element by element, with index and line", async () => {
    const items = await collect(['[\n  {"a": 1},\n  {"b": "]},{"}\n]']);
    expect(items.map((i) => i.ok && [i.value, i.index, i.line])).toEqual([
      [{ a: 1 }, 0, 2],
      [{ b: "]},{" }, 1, 3],
    ]);
  });

  it("reads JSON Lines, skipping blank lines and accepting CRLF and a last line without newline", async () => {
    const items = await collect(['{"a":1}\r\n\n  \n{"b":2}\r\n{"c":3}'], "data.jsonl");
    expect(items.map((i) => i.ok && [i.value, i.line, i.ordinal])).toEqual([
      [{ a: 1 }, 1, 1],
      [{ b: 2 }, 4, 2],
      [{ c: 3 }, 5, 3],
    ]);
  });

  it("detects JSON Lines by content when the name does not say so", async () => {
    expect(values(await collect(['{"a":1}\n{"b":2}\n'], "data.json"))).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("reads concatenated pretty-printed objects", async () => {
    expect(values(await collect(['{\n "a": 1\n}\n{\n "b": 2\n}\n']))).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("strips a byte order mark, even split across chunks", async () => {
    const text = '\uFEFF[{"a":1}]';
    for (const cut of [1, 2, 3]) expect(values(await collect(cutAt(text, [cut])))).toEqual([{ a: 1 }]);
    expect(values(await collect(['\uFEFF{"a":1}\n'], "x.jsonl"))).toEqual([{ a: 1 }]);
  });

  it("gives the same items whatever the chunk boundaries: mid-line, mid-string, mid-character", async () => {
    const jsonl = '{"t":"é😀\\"}{"}\n{"t":"ü\\\\"}\n';
    const array = '[{"t":"é😀\\"]"},\n {"t":["ü",{"x":"\\u00e9"}]}]';
    for (const [text, file] of [
      [jsonl, "a.jsonl"],
      [jsonl, "a.json"],
      [array, "a.json"],
    ]) {
      const whole = values(await collect([text], file));
      const length = encoder.encode(text).length;
      for (let cut = 1; cut < length; cut++) {
        expect(values(await collect(cutAt(text, [cut]), file)), `${file} cut at ${cut}`).toEqual(whole);
      }
      const bytes = encoder.encode(text);
      const oneByOne = [...bytes].map((b) => new Uint8Array([b]));
      expect(values(await collect(oneByOne, file))).toEqual(whole);
    }
  });

  it("does not keep references to a chunk buffer the caller reuses", async () => {
    const buffer = new Uint8Array(4);
    async function* reused(): AsyncGenerator<Uint8Array> {
      for (const part of ['{"a"', ":12}", "\n"]) {
        buffer.fill(0x20);
        buffer.set(encoder.encode(part));
        yield buffer.subarray(0, part.length);
      }
    }
    expect(values(await collect(reused(), "x.jsonl"))).toEqual([{ a: 12 }]);
  });

  it("accepts strings and bytes in any mix, and reports bytes read", async () => {
    const items = await collect(['{"a":', encoder.encode("1}\n"), '{"b":2}\n'], "x.jsonl");
    expect(items.map((i) => i.bytesRead)).toEqual([8, 16]);
  });
});

describe("readItems errors", () => {
  it("reports a bad JSON line with line and column, and reads the rest", async () => {
    const items = await collect(['{"a":1}\n{"b": 2,, }\n{"c":3}\n'], "x.jsonl");
    expect(items[1]).toMatchObject({
      ok: false,
      line: 2,
      error: { file: "x.jsonl", line: 2, column: 9, code: "syntax", path: "", message: "invalid JSON at line 2, column 9: expected a property name in double quotes, got `,`" },
    });
    expect(values(items)).toEqual([{ a: 1 }, expect.anything(), { c: 3 }]);
  });

  it("reports a bad array element with its index and the line inside the element", async () => {
    const items = await collect(['[\n{"a":1},\n{\n  "b": tru\n},\n{"c":3}\n]']);
    expect(items[1]).toMatchObject({
      ok: false,
      index: 1,
      error: { index: 1, line: 4, column: 8, message: "invalid JSON at line 4, column 8: expected a value, got `t`" },
    });
    expect(values(items)).toEqual([{ a: 1 }, expect.anything(), { c: 3 }]);
  });

  it("reports an unterminated string in a line", async () => {
    const [item] = await collect(['{"a": "oops}\n'], "x.jsonl");
    expect(item).toMatchObject({ ok: false, error: { message: 'invalid JSON at line 1, column 7: unterminated string: the closing `"` is missing' } });
  });

  it("reports a truncated array: the incomplete element, then the unclosed array", async () => {
    const items = await collect(['[{"a":1},{"b":']);
    expect(items.slice(1)).toMatchObject([
      { ok: false, index: 1, error: { code: "syntax", message: "the file ends inside this item: unexpected end of input: `}` is missing" } },
      { ok: false, error: { code: "container", message: "the file ends before the top-level array is closed with `]`" } },
    ]);
  });

  it("reports empty array slots and content after the array", async () => {
    expect(values(await collect(['[{"a":1},,{"b":2},]']))).toEqual([
      { a: 1 },
      { error: "empty array element: two commas in a row, or a comma right after `[`" },
      { b: 2 },
    ]);
    expect(values(await collect(['[{"a":1}] {"b":2}']))).toEqual([
      { a: 1 },
      { error: "unexpected content after the closing `]` of the top-level array (line 1, column 11)" },
    ]);
  });

  it("reports an empty file, an empty array and a file that is no container", async () => {
    expect(values(await collect(["  \n "]))).toEqual([{ error: "the file is empty: expected a JSON object, a JSON array or JSON Lines" }]);
    expect(values(await collect([]))).toEqual([{ error: "the file is empty: expected a JSON object, a JSON array or JSON Lines" }]);
    expect(values(await collect(["[ ]"]))).toEqual([{ error: "the file holds no transcripts" }]);
    expect(values(await collect(["\nhello"]))).toEqual([{ error: 'not a JSON object, a JSON array or JSON Lines: the file starts with "h" at line 2' }]);
  });

  it("rejects an item over the size limit and keeps reading", async () => {
    const big = `{"a":"${"x".repeat(200)}"}`;
    const limits = { maxItemBytes: 100 };
    for (const [text, file] of [
      [`${big}\n{"ok":1}\n`, "x.jsonl"],
      [`[${big},{"ok":1}]`, "x.json"],
      [`{\n"a":"${"x".repeat(200)}"\n}`, "x.json"],
    ]) {
      const items = await collect(cutAt(text, [50, 120]), file, limits);
      expect(items[0]).toMatchObject({ ok: false, error: { code: "too_large", message: expect.stringMatching(/^too large: 2\d\d B, over the limit of 100 B per transcript$/) } });
      if (items.length > 1) expect(items[1]).toMatchObject({ ok: true, value: { ok: 1 } });
    }
  });

  it("rejects an item nested over the depth limit and keeps reading", async () => {
    const deep = `{"a":${"[".repeat(10)}${"]".repeat(10)}}`;
    const limits = { maxDepth: 8 };
    for (const [text, file] of [
      [`${deep}\n{"ok":1}\n`, "x.jsonl"],
      [`[${deep},{"ok":1}]`, "x.json"],
    ]) {
      const items = await collect([text], file, limits);
      expect(items[0]).toMatchObject({ ok: false, error: { code: "too_deep", message: "nested deeper than the limit of 8 levels" } });
      expect(items[1]).toMatchObject({ ok: true, value: { ok: 1 } });
    }
    const shallow = `{"a":${"[".repeat(7)}${"]".repeat(7)}}`;
    expect((await collect([`[${shallow}]`], "x.json", limits))[0].ok).toBe(true);
  });

  it("rejects invalid UTF-8 in one item only", async () => {
    const bad = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a]);
    const items = await collect([bad, '{"b":1}\n'], "x.jsonl");
    expect(values(items)).toEqual([{ error: "not valid UTF-8 text" }, { b: 1 }]);
  });

  it("stops pulling chunks once the file cannot be read any further", async () => {
    let pulled = 0;
    async function* source(): AsyncGenerator<string> {
      for (const chunk of ["<html>", "<body>", "</body>", "</html>"]) {
        pulled++;
        yield chunk;
      }
    }
    expect(values(await collect(source()))).toEqual([{ error: 'not a JSON object, a JSON array or JSON Lines: the file starts with "<" at line 1' }]);
    expect(pulled).toBe(1);
    expect(values(await collect(["["]))).toEqual([{ error: "the file ends before the top-level array is closed with `]`" }]);
  });

  it("has a synchronous twin for text already in memory", () => {
    expect(readItemsFromText('[{"a":1}]', "x.json").map((i) => i.ok && i.value)).toEqual([{ a: 1 }]);
  });
});
