import { describe, expect, it } from "vitest";
import { canonicalJson } from "./hash";

/** The straightforward definition the fast path must always agree with. */
function reference(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(",")}}`;
}

describe("canonicalJson", () => {
  it("agrees with the reference on sorted, unsorted, nested and odd values", () => {
    const samples: unknown[] = [
      { a: 1, b: { c: [1, { e: 2, d: 3 }] } },
      { z: 1, a: [{ y: null, x: undefined }], m: "é\n\"" },
      { "10": "a", "9": "b", b: 1, a: { "1": 2, "0": 1 } },
      { "-1": 0, "1.5": 1, " ": 2, "": 3 },
      [undefined, () => 1, Number.NaN, Infinity],
      "text",
      42,
      null,
      { B: 1, a: 2, _: 3, "ä": 4 },
    ];
    for (const sample of samples) expect(canonicalJson(sample)).toBe(reference(sample));
  });

  it("does not modify its input", () => {
    const value = { b: { d: 1, c: 2 }, a: [{ z: 1, y: 2 }] };
    const before = JSON.stringify(value);
    canonicalJson(value);
    expect(JSON.stringify(value)).toBe(before);
  });
});
