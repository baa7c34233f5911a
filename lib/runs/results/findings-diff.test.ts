import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/judging/judges/types";
import { findingKey, findingsDiff } from "./findings-diff";

const f = (check: string, path: string | undefined, message: string, severity: Finding["severity"] = "minor"): Finding => (path === undefined ? { check, severity, message } : { check, severity, path, message });

describe("findingKey", () => {
  it("ignores message, severity and evidence", () => {
    const other: Finding = { ...f("schema-violation", "city", "b", "critical"), evidence: "x" };
    expect(findingKey(f("schema-violation", "city", "a", "info"))).toBe(findingKey(other));
  });

  it("tells paths apart, and no path from an empty one", () => {
    expect(findingKey(f("c", "a", "m"))).not.toBe(findingKey(f("c", "b", "m")));
    expect(findingKey(f("c", undefined, "m"))).not.toBe(findingKey(f("c", "", "m")));
  });

  it("cannot be forged by separators in the parts", () => {
    expect(findingKey({ check: "a|b", path: "c" })).not.toBe(findingKey({ check: "a", path: "b|c" }));
  });
});

describe("findingsDiff", () => {
  it("is empty for two empty sets", () => {
    expect(findingsDiff([], [])).toEqual({ added: [], removed: [], unchanged: [] });
  });

  it("reports everything added or removed against an empty side", () => {
    const list = [f("a", "x", "1"), f("b", undefined, "2")];
    expect(findingsDiff([], list)).toEqual({ added: list, removed: [], unchanged: [] });
    expect(findingsDiff(list, [])).toEqual({ added: [], removed: list, unchanged: [] });
  });

  it("matches a reworded finding and keeps both wordings", () => {
    const before = f("schema-violation", "city", "city must be a string", "major");
    const after = f("schema-violation", "city", "the city argument is not a string", "critical");
    expect(findingsDiff([before], [after])).toEqual({ added: [], removed: [], unchanged: [{ before, after }] });
  });

  it("splits added, removed and unchanged, keeping each side's order", () => {
    const kept = f("k", "p", "kept");
    const gone1 = f("g", "1", "gone");
    const gone2 = f("g", "2", "gone");
    const new1 = f("n", "1", "new");
    const new2 = f("n", undefined, "new");
    const diff = findingsDiff([gone2, kept, gone1], [new2, kept, new1]);
    expect(diff.removed).toEqual([gone2, gone1]);
    expect(diff.added).toEqual([new2, new1]);
    expect(diff.unchanged).toEqual([{ before: kept, after: kept }]);
  });

  it("pairs findings sharing a key as a multiset, exact messages first", () => {
    const one = f("c", undefined, "one");
    const two = f("c", undefined, "two");
    const three = f("c", undefined, "three");
    // "two" is in both, so it pairs with itself; "one" then pairs with the leftover "three".
    const diff = findingsDiff([one, two], [two, three]);
    expect(diff.unchanged).toEqual([
      { before: one, after: three },
      { before: two, after: two },
    ]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it("reports the surplus of a repeated key", () => {
    const x = f("c", "p", "x");
    expect(findingsDiff([x, x, x], [x])).toEqual({ added: [], removed: [x, x], unchanged: [{ before: x, after: x }] });
    expect(findingsDiff([x], [x, x])).toEqual({ added: [x], removed: [], unchanged: [{ before: x, after: x }] });
  });

  it("keeps counts: every finding lands in exactly one bucket", () => {
    const before = [f("a", "1", "m"), f("a", "1", "n"), f("b", undefined, "m"), f("c", "x", "m")];
    const after = [f("a", "1", "z"), f("b", undefined, "q"), f("b", undefined, "r"), f("d", "x", "m")];
    const diff = findingsDiff(before, after);
    expect(diff.removed.length + diff.unchanged.length).toBe(before.length);
    expect(diff.added.length + diff.unchanged.length).toBe(after.length);
  });
});
