import { describe, expect, it } from "vitest";
import { JudgeError, RETRYABLE_BY_DEFAULT } from "./errors";
import { errorFromHttpFailure } from "./http-errors";
import { redactSecrets, summarizeServerText } from "./redact";
import { parseRetryAfter } from "./retry-after";

const judgeId = "openai:m";

describe("errorFromHttpFailure", () => {
  const cases: [number, string, boolean][] = [
    [400, "bad_request", false],
    [401, "auth", false],
    [402, "auth", false],
    [403, "auth", false],
    [404, "bad_request", false],
    [408, "timeout", true],
    [409, "server", true],
    [413, "bad_request", false],
    [422, "bad_request", false],
    [429, "rate_limit", true],
    [500, "server", true],
    [502, "server", true],
    [503, "server", true],
    [529, "server", true],
  ];
  it.each(cases)("HTTP %i is %s (retryable: %s)", (status, kind, retryable) => {
    const error = errorFromHttpFailure({ status, judgeId, secrets: [] });
    expect(error).toBeInstanceOf(JudgeError);
    expect(error).toMatchObject({ kind, retryable, status });
  });

  it("reads Retry-After and names the judge", () => {
    const error = errorFromHttpFailure({ status: 429, headers: new Headers({ "retry-after": "1.5" }), serverMessage: "slow down", judgeId, secrets: [] });
    expect(error.retryAfterMs).toBe(1500);
    expect(error.message).toBe("openai:m: rate limited (HTTP 429, retry after 1.5 s): slow down");
  });

  it("redacts the key from what the server said", () => {
    const error = errorFromHttpFailure({ status: 401, serverMessage: "bad key my-private-key-42", judgeId, secrets: ["my-private-key-42"] });
    expect(error.message).not.toContain("my-private-key-42");
    expect(JSON.stringify(error)).not.toContain("my-private-key-42");
  });
});

describe("JudgeError", () => {
  it("serialises what the engine stores", () => {
    const error = new JudgeError({ kind: "rate_limit", message: "slow down", retryAfterMs: 1000, status: 429, judgeId });
    expect(error.toJSON()).toEqual({ name: "JudgeError", kind: "rate_limit", message: "openai:m: slow down", retryable: true, retryAfterMs: 1000, status: 429, judgeId });
    expect(error.name).toBe("JudgeError");
    expect(error).toBeInstanceOf(Error);
  });

  it("lets a judge override retryability", () => {
    expect(new JudgeError({ kind: "bad_output", message: "x" }).retryable).toBe(RETRYABLE_BY_DEFAULT.bad_output);
    expect(new JudgeError({ kind: "bad_output", message: "x", retryable: true }).retryable).toBe(true);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("reads seconds, milliseconds and HTTP dates", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "3" }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "3" }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:10 GMT" }), now)).toBe(10_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }), now)).toBe(0);
  });

  it("ignores missing or unreadable values", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(parseRetryAfter(new Headers({ "retry-after": "-4" }))).toBeUndefined();
  });
});

describe("redactSecrets", () => {
  it("removes the given secrets and key-shaped tokens", () => {
    expect(redactSecrets("key abcdef123 used", ["abcdef123"])).toBe("key [redacted] used");
    expect(redactSecrets("Incorrect API key provided: sk-proj-abcdefghijklmnop.")).toBe("Incorrect API key provided: [redacted].");
    expect(redactSecrets("Authorization: Bearer abcdefghijklmnopqrstu")).toBe("Authorization: [redacted]");
  });

  it("leaves short secrets alone rather than shredding the text", () => {
    expect(redactSecrets("a bad request", ["a"])).toBe("a bad request");
  });

  it("summarises to one short line", () => {
    expect(summarizeServerText("line one\n  line two", [], 100)).toBe("line one line two");
    expect(summarizeServerText("x".repeat(500), [], 10)).toHaveLength(10);
  });
});
