import { describe, expect, it } from "vitest";
import { safeNextPath, signInHref } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(safeNextPath("/runs/abc?sort=score&dir=asc#top")).toBe("/runs/abc?sort=score&dir=asc#top");
    expect(safeNextPath("/")).toBe("/");
  });

  it.each([
    ["another origin", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example/path"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a tab browsers drop", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "runs"],
    ["nothing", ""],
    ["not a string", ["/runs"]],
    ["a very long value", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_, next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  // Issue 31: the raw value passed the checks, then normalised into "//evil.example/phish".
  it.each([
    ["a dot segment", "/.//evil.example/phish"],
    ["a dot-dot segment", "/..//evil.example/phish"],
    ["an encoded dot-dot segment", "/%2e%2e//evil.example/phish"],
    ["a half-encoded dot-dot segment", "/.%2E//evil.example/phish"],
    ["an encoded dot segment", "/%2e//evil.example/phish"],
    ["a dot-dot after a segment", "/a/..//evil.example/phish"],
    ["dot-dots past the root", "/a/b/../../..//evil.example/phish"],
    ["a dot segment before a backslash", "/./\\evil.example"],
    ["two backslashes", "/\\\\evil.example"],
    ["a backslash first", "\\/evil.example"],
    ["a backslash inside", "/runs\\..\\..\\/evil.example"],
    ["an encoded backslash", "/%5cevil.example"],
    ["an encoded backslash in capitals", "/%5C%5Cevil.example"],
    ["encoded slashes", "/%2f%2fevil.example"],
    ["an encoded slash", "/%2Fevil.example"],
    ["an encoded slash after a dot segment", "/./%2fevil.example"],
    ["a double-encoded slash", "/%252f/evil.example"],
    ["an encoded tab", "/%09/evil.example"],
    ["an encoded newline", "/%0a/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a tab before a dot segment", "/.\t//evil.example"],
    ["a malformed escape in the path", "/%E0%A4%A/runs"],
  ])("refuses %s, checking the path it would return", (_, next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it("keeps what normalises to a path on this site, and escapes in the query", () => {
    expect(safeNextPath("/runs/./abc/../def")).toBe("/runs/def");
    expect(safeNextPath("/runs//abc")).toBe("/runs//abc");
    expect(safeNextPath("/transcripts?q=%5C%5Cserver%2Fshare")).toBe("/transcripts?q=%5C%5Cserver%2Fshare");
    expect(safeNextPath("/transcripts/a%2Fb")).toBe("/transcripts/a%2Fb");
  });

  it("returns only paths that are themselves safe (a fixed point)", () => {
    const tricks = ["/.//x", "/..//x", "/%2e%2e//x", "/a/..//x", "/%5cx", "/%2f%2fx", "/runs/./a", "/runs?next=//x#//y"];
    for (const next of tricks) {
      const path = safeNextPath(next);
      expect(path.startsWith("/") && !path.startsWith("//"), `${next} -> ${path}`).toBe(true);
      expect(new URL(path, "https://callboard.example").origin).toBe("https://callboard.example");
      expect(safeNextPath(path)).toBe(path);
    }
  });

  it("does not send people back to the sign-in, first-run or invitation pages", () => {
    expect(safeNextPath("/sign-in?next=/runs")).toBe("/");
    expect(safeNextPath("/setup")).toBe("/");
    expect(safeNextPath("/invite/abc")).toBe("/");
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/setup-notes")).toBe("/setup-notes");
  });
});

describe("signInHref", () => {
  it("carries the path to come back to", () => {
    expect(signInHref("/runs?page=2")).toBe("/sign-in?next=%2Fruns%3Fpage%3D2");
    expect(signInHref("/")).toBe("/sign-in");
  });
});
