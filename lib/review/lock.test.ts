import { describe, expect, it } from "vitest";
import { canTakeLock, isLocked, LOCK_TTL_MS, lockExpiry, lockState } from "./lock";

const now = new Date("2026-11-22T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("lockState", () => {
  it("is free without a holder or an expiry", () => {
    expect(lockState({ lockedById: null, lockedUntil: null }, "ana", now)).toBe("free");
    expect(lockState({ lockedById: "ana", lockedUntil: null }, "ana", now)).toBe("free");
    expect(lockState({ lockedById: null, lockedUntil: later(1000) }, "ana", now)).toBe("free");
  });

  it("tells the holder from everyone else while the lock lives", () => {
    const item = { lockedById: "ana", lockedUntil: later(1000) };
    expect(lockState(item, "ana", now)).toBe("mine");
    expect(lockState(item, "ben", now)).toBe("other");
  });

  it("expires at lockedUntil exactly, for the holder too", () => {
    const item = { lockedById: "ana", lockedUntil: later(0) };
    expect(lockState(item, "ben", now)).toBe("expired");
    expect(lockState(item, "ana", now)).toBe("expired");
    expect(lockState(item, "ben", later(-1))).toBe("other");
  });
});

describe("taking and timing locks", () => {
  it("lets anyone take a free or expired lock and the holder renew, never someone else's", () => {
    expect(canTakeLock("free")).toBe(true);
    expect(canTakeLock("expired")).toBe(true);
    expect(canTakeLock("mine")).toBe(true);
    expect(canTakeLock("other")).toBe(false);
  });

  it("lasts ten minutes from when it was taken", () => {
    expect(LOCK_TTL_MS).toBe(600_000);
    expect(lockExpiry(now).toISOString()).toBe("2026-11-22T12:10:00.000Z");
    const item = { lockedById: "ana", lockedUntil: lockExpiry(now) };
    expect(lockState(item, "ben", later(LOCK_TTL_MS - 1))).toBe("other");
    expect(lockState(item, "ben", later(LOCK_TTL_MS))).toBe("expired");
  });

  it("says whether anyone holds it", () => {
    expect(isLocked({ lockedById: "ana", lockedUntil: later(1) }, now)).toBe(true);
    expect(isLocked({ lockedById: "ana", lockedUntil: later(0) }, now)).toBe(false);
    expect(isLocked({ lockedById: null, lockedUntil: null }, now)).toBe(false);
  });
});
