import { describe, expect, it } from "vitest";
import { isCrossSiteAction } from "./cross-site-action";

const post = (headers: Record<string, string>) => ({ method: "POST", headers: new Headers(headers) });

describe("isCrossSiteAction", () => {
  it("refuses a server action whose Origin is another host", () => {
    expect(isCrossSiteAction(post({ "next-action": "abc", origin: "https://evil.example", host: "callboard.local:3000" }))).toBe(true);
    expect(isCrossSiteAction(post({ "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example", host: "callboard.local" }))).toBe(true);
    expect(isCrossSiteAction(post({ "next-action": "abc", origin: "null", host: "callboard.local" }))).toBe(true);
  });

  it("lets through the same host (X-Forwarded-Host first, as Next compares), no Origin, other methods and plain POSTs", () => {
    expect(isCrossSiteAction(post({ "next-action": "abc", origin: "http://callboard.local:3000", host: "callboard.local:3000" }))).toBe(false);
    expect(isCrossSiteAction(post({ "next-action": "abc", origin: "https://board.example", host: "127.0.0.1:3000", "x-forwarded-host": "board.example" }))).toBe(false);
    expect(isCrossSiteAction(post({ "next-action": "abc", host: "callboard.local" }))).toBe(false);
    expect(isCrossSiteAction({ method: "GET", headers: new Headers({ "next-action": "abc", origin: "https://evil.example", host: "x" }) })).toBe(false);
    expect(isCrossSiteAction(post({ "content-type": "application/json", origin: "https://evil.example", host: "x" }))).toBe(false);
  });

  it("accepts origins listed as allowed", () => {
    expect(isCrossSiteAction(post({ "next-action": "abc", origin: "https://sso.example", host: "callboard.local" }), ["sso.example"])).toBe(false);
  });
});
