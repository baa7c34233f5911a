import { describe, expect, it } from "vitest";
import { ADDRESS_POLICY, ADMIN_EMAIL_POLICY, afterFailure, EMAIL_POLICY, parseThrottleKey, retryAfterMs, throttleKey, tooManyAttempts, type ThrottleState } from "./sign-in-throttle";

const t = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
function failures(n: number, policy = EMAIL_POLICY, step = 1000): ThrottleState | null {
  let state: ThrottleState | null = null;
  for (let i = 0; i < n; i += 1) state = afterFailure(state, policy, t(i * step));
  return state;
}

describe("sign-in throttle rules", () => {
  it("blocks an email for 15 minutes at the 10th failure within the window, not before", () => {
    expect(retryAfterMs(failures(9), t(9000))).toBeNull();
    expect(retryAfterMs(failures(10), t(9000))).toBe(15 * 60_000);
    expect(retryAfterMs(failures(10), t(9000 + 15 * 60_000))).toBeNull();
  });

  it("starts counting again after a quiet window", () => {
    const old = failures(9);
    expect(afterFailure(old, EMAIL_POLICY, t(8000 + 15 * 60_000))).toMatchObject({ failures: 1, blockedUntil: null });
  });

  it("lets an address fail 30 times before blocking it", () => {
    expect(failures(29, ADDRESS_POLICY)?.blockedUntil).toBeNull();
    expect(failures(30, ADDRESS_POLICY)?.blockedUntil).toEqual(t(29_000 + 15 * 60_000));
  });

  it("only delays an admin, doubling from 1 s up to 30 s", () => {
    const waits = [10, 11, 12, 13, 14, 15, 16, 40].map((n) => {
      const state = failures(n, ADMIN_EMAIL_POLICY, 0);
      return retryAfterMs(state, t(0));
    });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("keys emails case-insensitively and reads keys back", () => {
    expect(throttleKey("email", " Ana@Example.com ")).toBe("email:ana@example.com");
    expect(parseThrottleKey("address:::1")).toEqual({ kind: "address", value: "::1" });
    expect(parseThrottleKey("other:x")).toBeNull();
  });

  it("says how long to wait in seconds or minutes", () => {
    expect(tooManyAttempts("email", 1)).toBe("Too many wrong passwords for this email. Try again in 1 second.");
    expect(tooManyAttempts("email", 30_000)).toBe("Too many wrong passwords for this email. Try again in 30 seconds.");
    expect(tooManyAttempts("address", 15 * 60_000)).toBe("Too many wrong passwords from your network address. Try again in 15 minutes.");
  });
});
