import { addressNetwork } from "./client-address";

/**
 * Rules for wrong passwords, counted per client address, per email and per trusted browser (the
 * counts themselves are kept in the database by lib/accounts/server/sign-in-throttle.ts). Pure: every
 * function takes the time.
 *
 * - An address that sends many wrong passwords (whatever the emails) is refused for a while:
 *   one client cannot try many accounts. An IPv6 address counts as its /64 (client-address.ts).
 * - An email with many wrong passwords from untrusted clients is refused for a while, but only to
 *   clients that have failed themselves: many clients cannot share out the guesses at one account,
 *   and still a stranger cannot keep its owner out (OWASP's "device cookies"). The owner gets in
 *   with the right password from a browser that has signed in to the account before (a signed
 *   device cookie, lib/accounts/server/device-cookie.ts) or from an address that has sent no wrong
 *   password for a day. The first guess from each new address does get through; the /64 keeps
 *   one IPv6 attacker from having endless new addresses.
 * - A trusted browser's wrong passwords count against that browser, not the email: after as many
 *   as an email may have, it is trusted no more until its count lapses.
 * - A right password clears no count: otherwise each sign-in of the owner would hand a guesser
 *   a fresh set of attempts.
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
/** A trusted browser over this limit is treated as untrusted until it lapses. */
export const DEVICE_POLICY: ThrottlePolicy = EMAIL_POLICY;
/**
 * An address whose last wrong password is older than this has "not failed": the account-wide lock
 * does not apply to it. A day rather than the 15-minute window, so an attacker's address gets one
 * such guess a day rather than one every quarter of an hour.
 */
export const ADDRESS_MEMORY_MS = 24 * 60 * MINUTE;

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
  return `${kind}:${kind === "email" ? value.trim().toLowerCase() : addressNetwork(value)}`;
}

/** A trusted browser's own count (not a lock an admin lifts: over its limit it only loses its trust). */
export function deviceThrottleKey(deviceId: string): string {
  return `device:${deviceId}`;
}

export function parseThrottleKey(key: string): { kind: ThrottleKind; value: string } | null {
  const at = key.indexOf(":");
  const kind = key.slice(0, at);
  return kind === "email" || kind === "address" ? { kind, value: key.slice(at + 1) } : null;
}

export interface SignInCounts {
  address: ThrottleState | null;
  email: ThrottleState | null;
  /** The browser's own count; null without a valid device cookie for this email (or with no failures yet). */
  device: ThrottleState | null;
}

/** A valid device cookie for the email, from a browser that has not used up its own wrong passwords. */
export function isTrustedDevice(hasValidDevice: boolean, counts: Pick<SignInCounts, "device">, now: Date): boolean {
  return hasValidDevice && retryAfterMs(counts.device, now) === null;
}

/** Null when the attempt may go ahead (its password is checked), else which lock refuses it and for how long. */
export function signInRefusal(counts: SignInCounts, trustedDevice: boolean, now: Date): { kind: ThrottleKind; retryAfter: number } | null {
  if (trustedDevice) return null;
  const address = retryAfterMs(counts.address, now);
  if (address !== null) return { kind: "address", retryAfter: address };
  if (!addressHasFailed(counts.address, now)) return null;
  const email = retryAfterMs(counts.email, now);
  return email === null ? null : { kind: "email", retryAfter: email };
}

function addressHasFailed(address: Pick<ThrottleState, "lastFailureAt"> | null, now: Date): boolean {
  return address !== null && now.getTime() - address.lastFailureAt.getTime() < ADDRESS_MEMORY_MS;
}

/**
 * The counts one more wrong password adds to: always the address; a trusted browser's own count
 * instead of the email's (the owner's typos do not help lock the account); an untrusted client
 * with a valid cookie both, so a browser over its limit stays there.
 */
export function countedOnFailure(hasValidDevice: boolean, trustedDevice: boolean): ("address" | "email" | "device")[] {
  if (trustedDevice) return ["address", "device"];
  return hasValidDevice ? ["address", "email", "device"] : ["address", "email"];
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
