import { describe, expect, it } from "vitest";
import { signInRedirect } from "./proxy-redirect";

const page = (pathname: string, search = "", extra: Partial<Parameters<typeof signInRedirect>[0]> = {}) =>
  signInRedirect({ method: "GET", pathname, search, hasSessionCookie: false, ...extra });

describe("signInRedirect", () => {
  it("sends a page request without a session cookie to sign-in, to come back to the same view", () => {
    expect(page("/runs/abc", "?sort=score&_rsc=1x2")).toBe("/sign-in?next=%2Fruns%2Fabc%3Fsort%3Dscore");
    expect(page("/")).toBe("/sign-in");
  });

  it("lets through requests with a cookie, the public pages, and writes", () => {
    expect(page("/runs", "", { hasSessionCookie: true })).toBeNull();
    for (const path of ["/sign-in", "/setup", "/invite/abc"]) expect(page(path)).toBeNull();
    expect(page("/criteria", "", { method: "POST" })).toBeNull();
  });
});
