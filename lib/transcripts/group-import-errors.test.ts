import { describe, expect, it } from "vitest";
import { groupRejected, itemPlace, placesSummary } from "./group-import-errors";

const wrongShape = (line: number) => ({ file: "a.jsonl", line, code: "schema", path: "messages", message: "messages: expected an array, got a string" });

describe("groupRejected", () => {
  it("lists one wrong shape repeated in every item once, with every item under it", () => {
    const items = Array.from({ length: 200 }, (_, i) => wrongShape(i + 1));
    const groups = groupRejected(items);
    expect(groups).toHaveLength(1);
    expect(groups[0].message).toBe("messages: expected an array, got a string");
    expect(groups[0].items).toHaveLength(200);
  });

  it("keeps different messages, paths, codes and files apart, in order of first appearance", () => {
    const groups = groupRejected([
      wrongShape(1),
      { file: "a.jsonl", line: 2, code: "syntax", path: "", message: "invalid JSON at line 2, column 3", column: 3 },
      wrongShape(3),
      { ...wrongShape(4), path: "tools" },
      { ...wrongShape(5), file: "b.jsonl" },
    ]);
    expect(groups.map((group) => [group.code, group.path, group.items.map((item) => item.line)])).toEqual([
      ["schema", "messages", [1, 3]],
      ["syntax", "", [2]],
      ["schema", "tools", [4]],
      ["schema", "messages", [5]],
    ]);
  });

  it("returns nothing for nothing", () => {
    expect(groupRejected([])).toEqual([]);
  });
});

describe("places", () => {
  it("names the line, or the index of a JSON array item, with a syntax error's column", () => {
    expect(itemPlace({ file: "a", line: 3 })).toBe("line 3");
    expect(itemPlace({ file: "a", index: 0 })).toBe("index 0");
    expect(itemPlace({ file: "a", line: 2, column: 7 })).toBe("line 2, column 7");
    expect(itemPlace({ file: "a" })).toBe("");
  });

  it("summarises the first places and counts the rest", () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ file: "a", line: i + 1 }));
    expect(placesSummary(items, 3)).toBe("line 1; line 2; line 3 and 5 more");
    expect(placesSummary(items.slice(0, 2))).toBe("line 1; line 2");
    expect(placesSummary([{ file: "a" }])).toBe("");
  });
});
