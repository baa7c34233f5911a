import { can, type Role } from "@/lib/auth/roles";
import {
  ADDRESS_POLICY,
  ADMIN_EMAIL_POLICY,
  afterFailure,
  EMAIL_POLICY,
  parseThrottleKey,
  retryAfterMs,
  throttleKey,
  tooManyAttempts,
  type ThrottleKind,
} from "@/lib/auth/sign-in-throttle";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockName } from "../db/row-lock";
import { AccountError } from "./errors";

export interface SignInAttempt {
  email: string;
  address: string;
}

/** Counts older than this, and no longer refusing anything, are deleted as new failures come in. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** Refuses the attempt, before the password is checked, while its address or its email is blocked. */
export async function assertSignInAllowed(prisma: PrismaClient, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const keys: [ThrottleKind, string][] = [
    ["address", throttleKey("address", attempt.address)],
    ["email", throttleKey("email", attempt.email)],
  ];
  const rows = await prisma.signInThrottle.findMany({ where: { key: { in: keys.map(([, key]) => key) } }, select: { key: true, blockedUntil: true } });
  for (const [kind, key] of keys) {
    const wait = retryAfterMs(rows.find((row) => row.key === key) ?? null, now);
    if (wait !== null) throw new AccountError(tooManyAttempts(kind, wait));
  }
}

async function isAdminEmail(prisma: PrismaClient, email: string): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { role: true, deactivatedAt: true } });
  return user?.role === "admin" && user.deactivatedAt === null;
}

/** Counts a wrong password against the address and the email (an admin's email by the gentler rule). */
export async function recordSignInFailure(prisma: PrismaClient, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const emailPolicy = (await isAdminEmail(prisma, attempt.email)) ? ADMIN_EMAIL_POLICY : EMAIL_POLICY;
  const counts: [string, typeof EMAIL_POLICY][] = [
    [throttleKey("address", attempt.address), ADDRESS_POLICY],
    [throttleKey("email", attempt.email), emailPolicy],
  ];
  await prisma.$transaction(async (tx) => {
    // Wrong passwords sent in parallel must each count: the keys' counts are read and written one
    // transaction at a time (always address, then email).
    for (const [key] of counts) await lockName(tx, `sign-in-throttle:${key}`);
    for (const [key, policy] of counts) {
      const current = await tx.signInThrottle.findUnique({ where: { key } });
      const next = afterFailure(current, policy, now);
      await tx.signInThrottle.upsert({ where: { key }, create: { key, ...next }, update: next });
    }
    const forgotten = new Date(now.getTime() - FORGET_AFTER_MS);
    await tx.signInThrottle.deleteMany({ where: { lastFailureAt: { lt: forgotten }, OR: [{ blockedUntil: null }, { blockedUntil: { lt: now } }] } });
  });
}

/**
 * A right password clears its email's count. The address keeps its count: otherwise one
 * account's owner could guess at others' passwords between sign-ins of their own.
 */
export async function recordSignInSuccess(prisma: PrismaClient, email: string): Promise<void> {
  await prisma.signInThrottle.deleteMany({ where: { key: throttleKey("email", email) } });
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
  const rows = await prisma.signInThrottle.findMany({ where: { blockedUntil: { gt: now } }, orderBy: { blockedUntil: "desc" }, take: 200 });
  return rows.flatMap((row) => {
    const parsed = parseThrottleKey(row.key);
    return parsed && row.blockedUntil ? [{ key: row.key, ...parsed, failures: row.failures, blockedUntil: row.blockedUntil }] : [];
  });
}

/** An admin lets an email or an address try again at once, its count cleared. */
export async function unlockSignIn(prisma: PrismaClient, actor: { role: Role }, input: { key: string }): Promise<void> {
  if (!can(actor.role, "manage-members")) throw new AccountError("Only an admin can unlock sign-in.");
  if (!parseThrottleKey(input.key)) throw new AccountError("That is not a sign-in lock.");
  await prisma.signInThrottle.deleteMany({ where: { key: input.key } });
}
