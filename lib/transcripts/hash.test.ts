import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash } from "./hash";

describe("canonicalJson", () => {
  it("sorts keys at every depth so key order never changes the hash", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
  });
  it("tells different content apart", () => {
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: "1" }));
  });
});
