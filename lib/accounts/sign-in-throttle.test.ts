import { describe, expect, it } from "vitest";
import {
  ADDRESS_MEMORY_MS,
  ADDRESS_POLICY,
  afterFailure,
  countedOnFailure,
  DEVICE_POLICY,
  EMAIL_POLICY,
  isTrustedDevice,
  parseThrottleKey,
  retryAfterMs,
  signInRefusal,
  throttleKey,
  tooManyAttempts,
  type ThrottleState,
} from "./sign-in-throttle";

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

  it("keys emails case-insensitively and reads keys back", () => {
    expect(throttleKey("email", " Ana@Example.com ")).toBe("email:ana@example.com");
    expect(parseThrottleKey("address:::1")).toEqual({ kind: "address", value: "::1" });
    expect(parseThrottleKey("other:x")).toBeNull();
    // A browser's own count is no lock an admin lifts.
    expect(parseThrottleKey("device:abc")).toBeNull();
  });

  it("keys an IPv6 address by its /64, an IPv4 one (also IPv4-mapped) as is", () => {
    expect(throttleKey("address", "2001:db8:1:2:aaaa::1")).toBe(throttleKey("address", "2001:db8:1:2:bbbb::2"));
    expect(throttleKey("address", "2001:db8:1:2::1")).toBe("address:2001:db8:1:2::/64");
    expect(throttleKey("address", "2001:db8:1:3::1")).not.toBe(throttleKey("address", "2001:db8:1:2::1"));
    expect(throttleKey("address", "::ffff:203.0.113.7")).toBe("address:203.0.113.7");
    expect(throttleKey("address", "203.0.113.7")).toBe("address:203.0.113.7");
  });

  it("says how long to wait in seconds or minutes", () => {
    expect(tooManyAttempts("email", 1)).toBe("Too many wrong passwords for this email. Try again in 1 second.");
    expect(tooManyAttempts("email", 30_000)).toBe("Too many wrong passwords for this email. Try again in 30 seconds.");
    expect(tooManyAttempts("address", 15 * 60_000)).toBe("Too many wrong passwords from your network address. Try again in 15 minutes.");
  });
});

describe("whom an account-wide lock refuses", () => {
  const now = t(60_000);
  const locked = failures(10);
  const none = { address: null, email: null, device: null };
  const failedAddress = failures(1, ADDRESS_POLICY);

  it("refuses a client whose address has failed while the email is locked", () => {
    expect(signInRefusal({ ...none, address: failedAddress, email: locked }, false, now)).toEqual({ kind: "email", retryAfter: 15 * 60_000 - 51_000 });
  });

  it("lets in a client whose address has sent no wrong password for a day, though the email is locked by others", () => {
    expect(signInRefusal({ ...none, email: locked }, false, now)).toBeNull();
    // The address's last wrong password at t(0) (failures(1)); the email locked again a day later.
    const lockedLater: ThrottleState = { failures: 10, windowStart: t(0), lastFailureAt: t(ADDRESS_MEMORY_MS - 1000), blockedUntil: t(ADDRESS_MEMORY_MS + 60_000) };
    expect(signInRefusal({ ...none, address: failedAddress, email: lockedLater }, false, t(ADDRESS_MEMORY_MS - 1))).toMatchObject({ kind: "email" });
    expect(signInRefusal({ ...none, address: failedAddress, email: lockedLater }, false, t(ADDRESS_MEMORY_MS))).toBeNull();
  });

  it("lets in a trusted browser whatever its address and the email have seen", () => {
    expect(signInRefusal({ address: failures(30, ADDRESS_POLICY), email: locked, device: null }, true, now)).toBeNull();
  });

  it("still refuses an untrusted client on a locked address", () => {
    expect(signInRefusal({ ...none, address: failures(30, ADDRESS_POLICY) }, false, t(30_000))).toMatchObject({ kind: "address" });
  });

  it("trusts a browser with a valid cookie until it has used up its own wrong passwords", () => {
    expect(isTrustedDevice(true, { device: null }, now)).toBe(true);
    expect(isTrustedDevice(true, { device: failures(9, DEVICE_POLICY) }, now)).toBe(true);
    expect(isTrustedDevice(true, { device: failures(10, DEVICE_POLICY) }, now)).toBe(false);
    expect(isTrustedDevice(false, { device: null }, now)).toBe(false);
  });

  it("counts a trusted browser's wrong passwords against itself, not the email; an untrusted client's against the email", () => {
    expect(countedOnFailure(true, true)).toEqual(["address", "device"]);
    expect(countedOnFailure(true, false)).toEqual(["address", "email", "device"]);
    expect(countedOnFailure(false, false)).toEqual(["address", "email"]);
  });
});
