import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isRole, type Role } from "@/lib/accounts/roles";
import { lockName } from "@/lib/platform/db/row-lock";
import { hashToken } from "./api-token";
import type { Auth } from "./auth";
import { signUpRefusal } from "./errors";
import type { SignedIn } from "./first-admin";
import { setPassword } from "./password";
import { AppError } from "@/lib/platform/errors/app-error";

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Inviter {
  id: string;
}

export interface CreatedInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  /** Shown once, in the link; only its hash is stored. */
  token: string;
}

/**
 * An invitation for `email` to join with `role`. No email is sent (Callboard is self-hosted): the
 * admin copies the link `/invite/<token>`. Inviting the same address again revokes the older
 * link; a removed member may be invited back.
 */
export async function createInvitation(
  prisma: PrismaClient,
  inviter: Inviter,
  input: { email: string; role: Role },
  now = new Date(),
): Promise<CreatedInvitation> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const invitation = await prisma.$transaction(async (tx) => {
    // Two invitations to one address at once: the later revokes the earlier, never both pending.
    await lockName(tx, `invitation:${input.email}`);
    const existing = await tx.user.findUnique({ where: { email: input.email }, select: { deactivatedAt: true } });
    if (existing && existing.deactivatedAt === null) throw new AppError("conflict", `${input.email} already has an account.`, { field: "email" });
    await tx.invitation.updateMany({ where: { email: input.email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    return tx.invitation.create({
      data: { email: input.email, role: input.role, tokenHash: hashToken(token), invitedById: inviter.id, expiresAt, createdAt: now },
      select: { id: true, email: true, expiresAt: true },
    });
  });
  return { ...invitation, role: input.role, token };
}

export type InvitationStatus = "pending" | "expired" | "accepted" | "revoked";

export type InvitationLookup =
  | { found: false }
  | { found: true; id: string; status: InvitationStatus; email: string; role: Role; invitedBy: string; expiresAt: Date };

function statusOf(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

/** What the invitation page shows for a link: who is invited as what, or why the link no longer works. */
export async function invitationForToken(prisma: PrismaClient, token: string, now = new Date()): Promise<InvitationLookup> {
  const found = await prisma.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true, invitedBy: { select: { name: true } } },
  });
  if (!found || !isRole(found.role)) return { found: false };
  return { found: true, id: found.id, status: statusOf(found, now), email: found.email, role: found.role, invitedBy: found.invitedBy.name, expiresAt: found.expiresAt };
}

export const UNUSABLE_LINK: Record<Exclude<InvitationStatus, "pending"> | "unknown", string> = {
  unknown: "This invitation link is not valid. Ask an admin for a new one.",
  expired: "This invitation has expired. Ask an admin for a new one.",
  accepted: "This invitation has already been used. Sign in instead.",
  revoked: "This invitation was withdrawn. Ask an admin for a new one.",
};

/**
 * Creates the invited person's account (or brings a removed member back) and signs them in.
 * The invitation is claimed first with a conditional update, so a link works exactly once even
 * when submitted twice at the same moment; the claim is undone if the account cannot be made.
 */
export async function acceptInvitation(
  prisma: PrismaClient,
  auth: Auth,
  input: { token: string; name: string; password: string },
  now = new Date(),
): Promise<SignedIn> {
  const invitation = await prisma.invitation.findUnique({ where: { tokenHash: hashToken(input.token) }, select: { id: true, email: true, role: true } });
  if (!invitation || !isRole(invitation.role)) throw new AppError("invalid-state", UNUSABLE_LINK.unknown, { field: "token" });
  const claimed = await prisma.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  if (claimed.count === 0) {
    const lookup = await invitationForToken(prisma, input.token, now);
    const status = lookup.found && lookup.status !== "pending" ? lookup.status : "accepted";
    throw new AppError("invalid-state", UNUSABLE_LINK[status], { field: "token" });
  }
  try {
    return await joinAs(prisma, auth, { email: invitation.email, role: invitation.role, name: input.name, password: input.password });
  } catch (error) {
    await prisma.invitation.updateMany({ where: { id: invitation.id, acceptedAt: now }, data: { acceptedAt: null } });
    throw error;
  }
}

async function joinAs(prisma: PrismaClient, auth: Auth, person: { email: string; role: Role; name: string; password: string }): Promise<SignedIn> {
  const existing = await prisma.user.findUnique({ where: { email: person.email }, select: { id: true, deactivatedAt: true } });
  if (existing && existing.deactivatedAt === null) throw new AppError("conflict", `${person.email} already has an account: sign in instead.`, { field: "token" });
  if (existing) {
    // A removed member invited back keeps their history (reviews, comments) under the same account.
    // The password first: until the member is reactivated, no session can be made with it.
    await setPassword(prisma, auth, existing.id, person.password);
    await prisma.user.update({ where: { id: existing.id }, data: { name: person.name, role: person.role, deactivatedAt: null } });
    const signedIn = await auth.api.signInEmail({ body: { email: person.email, password: person.password, rememberMe: true } });
    return { userId: existing.id, sessionToken: signedIn.token };
  }
  let created: { token: string | null; user: { id: string } };
  try {
    created = await auth.api.signUpEmail({ body: { name: person.name, email: person.email, password: person.password } });
  } catch (error) {
    throw signUpRefusal(error) ?? error;
  }
  await prisma.user.update({ where: { id: created.user.id }, data: { role: person.role } });
  return { userId: created.user.id, sessionToken: created.token };
}

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  status: "pending" | "expired";
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Invitations not yet used or withdrawn, newest first; expired ones are listed so an admin can invite again. */
export async function listInvitations(prisma: PrismaClient, now = new Date()): Promise<InvitationRow[]> {
  const rows = await prisma.invitation.findMany({
    where: { acceptedAt: null, revokedAt: null },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, invitedBy: { select: { name: true } } },
  });
  return rows.map(({ invitedBy, ...row }) => ({ ...row, invitedBy: invitedBy.name, status: row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending" }));
}

/** Withdraws an unused invitation: its link stops working at once. */
export async function revokeInvitation(prisma: PrismaClient, id: string, now = new Date()): Promise<void> {
  const revoked = await prisma.invitation.updateMany({ where: { id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
  if (revoked.count === 1) return;
  const found = await prisma.invitation.findUnique({ where: { id }, select: { acceptedAt: true } });
  if (!found) throw new AppError("not-found", "There is no such invitation.");
  throw new AppError("conflict", found.acceptedAt ? "This invitation has already been used." : "This invitation was already withdrawn.");
}
