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
