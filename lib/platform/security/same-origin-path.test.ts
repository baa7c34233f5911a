import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path";

describe("sameOriginPath", () => {
  it("keeps a path of this site, normalised as a browser would, with its query and hash", () => {
    expect(sameOriginPath("/api/otel/traces/abc")).toBe("/api/otel/traces/abc");
    expect(sameOriginPath("/runs/./a/../b?x=1#y")).toBe("/runs/b?x=1#y");
    expect(sameOriginPath("/transcripts?q=%5C%5Chost%2F")).toBe("/transcripts?q=%5C%5Chost%2F");
  });

  // Issue 31: each was checked as it came in, then normalised into another origin.
  it.each([
    "//evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/a/..//evil.example",
    "/\\evil.example",
    "/\\\\evil.example",
    "\\\\evil.example",
    "/%5cevil.example",
    "/%5C/evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%252f%252fevil.example",
    "/\t/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0d%0a/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %j", (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });
});
