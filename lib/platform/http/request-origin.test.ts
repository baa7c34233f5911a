import { describe, expect, it } from "vitest";
import { originOf } from "./request-origin";

const FALLBACK = "http://localhost:3000";

describe("originOf", () => {
  it("is the host the request was made to", () => {
    expect(originOf(new Headers({ host: "callboard.internal:8080" }), FALLBACK)).toBe("http://callboard.internal:8080");
    expect(originOf(new Headers({ host: "[::1]:3000" }), FALLBACK)).toBe("http://[::1]:3000");
  });

  it("is what a proxy forwarded, first hop first", () => {
    expect(originOf(new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "evals.example.com", "x-forwarded-proto": "https, http" }), FALLBACK)).toBe("https://evals.example.com");
  });

  it("falls back when there is no host, or one that is no host", () => {
    expect(originOf(new Headers(), FALLBACK)).toBe(FALLBACK);
    expect(originOf(new Headers({ host: "evil.example/<script>" }), FALLBACK)).toBe(FALLBACK);
    expect(originOf(new Headers({ host: "a.example", "x-forwarded-proto": "javascript" }), FALLBACK)).toBe("http://a.example");
  });
});
