/**
 * Rules for wrong passwords, counted per email and per client address (the counts themselves
 * are kept in the database by lib/server/auth/sign-in-throttle.ts). Pure: every function takes
 * the time.
 *
 * - An address that sends many wrong passwords (whatever the emails) is refused for a while:
 *   one client cannot try many accounts.
 * - An email with many wrong passwords (from anywhere) is refused for a while: many clients
 *   cannot share out the guesses at one account.
 * - An admin's email is never refused for long: after the same number of failures each further
 *   one only makes the next attempt wait, doubling up to a short cap. A stranger guessing cannot
 *   lock the admin out (who could otherwise unlock everyone else), and still gets at most one
 *   guess per cap interval against that account: about 2,900 a day at 30 s, against a password of
 *   8+ characters hashed with scrypt.
 */
export type ThrottleKind = "email" | "address";

export interface ThrottleState {
  failures: number;
  windowStart: Date;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

export interface ThrottlePolicy {
  /** Failures counted together; a failure after a quiet window starts a new count. */
  windowMs: number;
  /** Failures allowed in a window before attempts are refused. */
  maxFailures: number;
  /** How long attempts are refused after failure number `maxFailures + over` (over = 0, 1, …). */
  blockMs: (over: number) => number;
}

const MINUTE = 60_000;

export const ADDRESS_POLICY: ThrottlePolicy = { windowMs: 15 * MINUTE, maxFailures: 30, blockMs: () => 15 * MINUTE };
export const EMAIL_POLICY: ThrottlePolicy = { windowMs: 15 * MINUTE, maxFailures: 10, blockMs: () => 15 * MINUTE };
export const ADMIN_MAX_DELAY_MS = 30_000;
export const ADMIN_EMAIL_POLICY: ThrottlePolicy = {
  windowMs: 15 * MINUTE,
  maxFailures: 10,
  blockMs: (over) => Math.min(ADMIN_MAX_DELAY_MS, 1000 * 2 ** Math.min(over, 15)),
};

/** The counts after one more wrong password. */
export function afterFailure(state: ThrottleState | null, policy: ThrottlePolicy, now: Date): ThrottleState {
  const fresh = state === null || now.getTime() - state.lastFailureAt.getTime() >= policy.windowMs;
  const failures = fresh ? 1 : state.failures + 1;
  const over = failures - policy.maxFailures;
  return {
    failures,
    windowStart: fresh ? now : state.windowStart,
    lastFailureAt: now,
    blockedUntil: over >= 0 ? new Date(now.getTime() + policy.blockMs(over)) : null,
  };
}

/** Null when an attempt may go ahead, else how long until it may. */
export function retryAfterMs(state: Pick<ThrottleState, "blockedUntil"> | null, now: Date): number | null {
  if (!state?.blockedUntil) return null;
  const wait = state.blockedUntil.getTime() - now.getTime();
  return wait > 0 ? wait : null;
}

export function throttleKey(kind: ThrottleKind, value: string): string {
  return `${kind}:${kind === "email" ? value.trim().toLowerCase() : value}`;
}

export function parseThrottleKey(key: string): { kind: ThrottleKind; value: string } | null {
  const at = key.indexOf(":");
  const kind = key.slice(0, at);
  return kind === "email" || kind === "address" ? { kind, value: key.slice(at + 1) } : null;
}

function duration(ms: number): string {
  if (ms < 90_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `${seconds} second${seconds === 1 ? "" : "s"}`;
  }
  const minutes = Math.ceil(ms / MINUTE);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function tooManyAttempts(kind: ThrottleKind, retryAfter: number): string {
  const from = kind === "email" ? "for this email" : "from your network address";
  return `Too many wrong passwords ${from}. Try again in ${duration(retryAfter)}.`;
}
