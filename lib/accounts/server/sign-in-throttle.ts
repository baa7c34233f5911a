import { can, type Role } from "@/lib/accounts/roles";
import {
  ADDRESS_POLICY,
  afterFailure,
  countedOnFailure,
  DEVICE_POLICY,
  deviceThrottleKey,
  EMAIL_POLICY,
  isTrustedDevice,
  parseThrottleKey,
  signInRefusal,
  throttleKey,
  tooManyAttempts,
  type ThrottleKind,
  type ThrottlePolicy,
  type ThrottleState,
} from "@/lib/accounts/sign-in-throttle";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockName } from "@/lib/platform/db/row-lock";
import { AppError } from "@/lib/platform/errors/app-error";

export interface SignInAttempt {
  email: string;
  address: string;
  /** The browser's id from a valid device cookie for this email (device-cookie.ts); none for an untrusted client. */
  deviceId?: string | null;
}

/** Counts older than this, and no longer refusing anything, are deleted as new failures come in. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

const POLICIES: Record<"address" | "email" | "device", ThrottlePolicy> = { address: ADDRESS_POLICY, email: EMAIL_POLICY, device: DEVICE_POLICY };

function keysOf(attempt: SignInAttempt) {
  return {
    address: throttleKey("address", attempt.address),
    email: throttleKey("email", attempt.email),
    device: attempt.deviceId ? deviceThrottleKey(attempt.deviceId) : null,
  };
}

/**
 * Refuses the attempt, before the password is checked, while a lock that applies to this client
 * holds (lib/accounts/sign-in-throttle.ts says which apply to whom).
 */
export async function assertSignInAllowed(prisma: PrismaClient, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const keys = keysOf(attempt);
  const rows = await prisma.signInThrottle.findMany({ where: { key: { in: [keys.address, keys.email, ...(keys.device ? [keys.device] : [])] } } });
  const row = (key: string | null): ThrottleState | null => rows.find((candidate) => candidate.key === key) ?? null;
  const counts = { address: row(keys.address), email: row(keys.email), device: row(keys.device) };
  const refusal = signInRefusal(counts, isTrustedDevice(keys.device !== null, counts, now), now);
  if (refusal) throw new AppError("too-many-attempts", tooManyAttempts(refusal.kind, refusal.retryAfter));
}

/** Counts a wrong password against the address and the email, or against a trusted browser instead of the email. */
export async function recordSignInFailure(prisma: PrismaClient, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const keys = keysOf(attempt);
  await prisma.$transaction(async (tx) => {
    // Wrong passwords sent in parallel must each count: the keys' counts are read and written one
    // transaction at a time (locks taken in key order, the same in every transaction).
    for (const key of [keys.address, keys.email, keys.device].filter((key) => key !== null).sort()) await lockName(tx, `sign-in-throttle:${key}`);
    const device = keys.device ? await tx.signInThrottle.findUnique({ where: { key: keys.device } }) : null;
    for (const kind of countedOnFailure(keys.device !== null, isTrustedDevice(keys.device !== null, { device }, now))) {
      const key = keys[kind];
      if (key === null) continue;
      const current = kind === "device" ? device : await tx.signInThrottle.findUnique({ where: { key } });
      const next = afterFailure(current, POLICIES[kind], now);
      await tx.signInThrottle.upsert({ where: { key }, create: { key, ...next }, update: next });
    }
    const forgotten = new Date(now.getTime() - FORGET_AFTER_MS);
    await tx.signInThrottle.deleteMany({ where: { lastFailureAt: { lt: forgotten }, OR: [{ blockedUntil: null }, { blockedUntil: { lt: now } }] } });
  });
}

export interface SignInBlock {
  key: string;
  kind: ThrottleKind;
  value: string;
  failures: number;
  blockedUntil: Date;
}

/** Emails and addresses refused right now, soonest free last. */
export async function listSignInBlocks(prisma: PrismaClient, now = new Date()): Promise<SignInBlock[]> {
  const rows = await prisma.signInThrottle.findMany({
    // Not browsers' own counts: one over its limit is only untrusted, not locked.
    where: { blockedUntil: { gt: now }, OR: [{ key: { startsWith: "email:" } }, { key: { startsWith: "address:" } }] },
    orderBy: { blockedUntil: "desc" },
    take: 200,
  });
  return rows.flatMap((row) => {
    const parsed = parseThrottleKey(row.key);
    return parsed && row.blockedUntil ? [{ key: row.key, ...parsed, failures: row.failures, blockedUntil: row.blockedUntil }] : [];
  });
}

/** An admin lets an email or an address try again at once, its count cleared. */
export async function unlockSignIn(prisma: PrismaClient, actor: { role: Role }, input: { key: string }): Promise<void> {
  if (!can(actor.role, "manage-members")) throw new AppError("not-allowed", "Only an admin can unlock sign-in.");
  if (!parseThrottleKey(input.key)) throw new AppError("not-found", "That is not a sign-in lock.");
  await prisma.signInThrottle.deleteMany({ where: { key: input.key } });
}
