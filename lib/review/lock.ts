/**
 * A reviewer's lock on an item, so two people do not work the same item at once. It expires on
 * its own: a reviewer who closes the tab does not block the item for longer than this.
 */
export const LOCK_TTL_MS = 10 * 60 * 1000;

/**
 * An item's lock as one viewer sees it: nobody holds it, the viewer does, someone else does, or
 * a lock ran out (which anyone may take, as if free).
 */
export type LockState = "free" | "mine" | "other" | "expired";

/** The lock columns of a Review row. */
export interface LockFields {
  lockedById: string | null;
  lockedUntil: Date | null;
}

/** The lock of `item` as `userId` sees it at `now`; a lock ends at `lockedUntil` exactly. */
export function lockState(item: LockFields, userId: string, now: Date): LockState {
  if (item.lockedById === null || item.lockedUntil === null) return "free";
  if (item.lockedUntil.getTime() <= now.getTime()) return "expired";
  return item.lockedById === userId ? "mine" : "other";
}

/** Whether a user may take (or renew) a lock in this state: anything but someone else's live lock. */
export function canTakeLock(state: LockState): boolean {
  return state !== "other";
}

/** When a lock taken or renewed at `now` runs out. */
export function lockExpiry(now: Date): Date {
  return new Date(now.getTime() + LOCK_TTL_MS);
}

/** Whether `item` is held by anyone at `now` (for "locked by …" in lists, whoever looks). */
export function isLocked(item: LockFields, now: Date): boolean {
  return item.lockedById !== null && item.lockedUntil !== null && item.lockedUntil.getTime() > now.getTime();
}
