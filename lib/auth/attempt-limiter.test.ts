import { describe, expect, it } from "vitest";
import { createAttemptLimiter, signInKey } from "./attempt-limiter";

const limits = { maxFailures: 3, windowMs: 60_000, maxKeys: 2 };

describe("createAttemptLimiter", () => {
  it("allows attempts until the limit of failures within the window, then says how long to wait", () => {
    const limiter = createAttemptLimiter(limits);
    for (const at of [0, 1_000, 2_000]) {
      expect(limiter.retryAfterMs("ana", at)).toBeNull();
      limiter.recordFailure("ana", at);
    }
    expect(limiter.retryAfterMs("ana", 2_500)).toBe(57_500);
    // Other people are not affected.
    expect(limiter.retryAfterMs("ben", 2_500)).toBeNull();
  });

  it("forgets failures older than the window, one at a time", () => {
    const limiter = createAttemptLimiter(limits);
    for (const at of [0, 10_000, 20_000]) limiter.recordFailure("ana", at);
    expect(limiter.retryAfterMs("ana", 59_999)).toBe(1);
    expect(limiter.retryAfterMs("ana", 60_000)).toBeNull();
    limiter.recordFailure("ana", 60_000);
    expect(limiter.retryAfterMs("ana", 60_001)).toBe(9_999);
  });

  it("clears the count on success", () => {
    const limiter = createAttemptLimiter(limits);
    for (const at of [0, 1, 2]) limiter.recordFailure("ana", at);
    limiter.recordSuccess("ana");
    expect(limiter.retryAfterMs("ana", 3)).toBeNull();
  });

  it("keeps at most maxKeys entries, dropping the least recently failed", () => {
    const limiter = createAttemptLimiter(limits);
    for (const at of [0, 1, 2]) limiter.recordFailure("ana", at);
    for (const at of [3, 4, 5]) limiter.recordFailure("ben", at);
    for (const at of [6, 7, 8]) limiter.recordFailure("cleo", at);
    expect(limiter.retryAfterMs("ana", 9)).toBeNull();
    expect(limiter.retryAfterMs("ben", 9)).not.toBeNull();
    expect(limiter.retryAfterMs("cleo", 9)).not.toBeNull();
  });
});

describe("signInKey", () => {
  it("treats emails that differ only in case or spaces as one", () => {
    expect(signInKey("  Ana@Example.com ")).toBe(signInKey("ana@example.com"));
  });
});
