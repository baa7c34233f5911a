import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/accounts/roles";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { AppError } from "@/lib/platform/errors/app-error";
import { forgetTokenOwner } from "./token-cache";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
  deactivatedAt: Date | null;
}

/** Active members first (by name), then removed ones, whose history stays. */
export async function listMembers(prisma: PrismaClient): Promise<MemberRow[]> {
  const rows = await prisma.user.findMany({
    orderBy: [{ name: "asc" }, { email: "asc" }],
    take: 500,
    select: { id: true, name: true, email: true, role: true, createdAt: true, deactivatedAt: true },
  });
  return [...rows.filter((r) => r.deactivatedAt === null), ...rows.filter((r) => r.deactivatedAt !== null)];
}

async function activeMember(tx: Tx, userId: string) {
  const member = await tx.user.findUnique({ where: { id: userId }, select: { id: true, name: true, role: true, deactivatedAt: true } });
  if (!member) throw new AppError("not-found", "There is no such member.");
  if (member.deactivatedAt) throw new AppError("invalid-state", `${member.name} has been removed; invite them again to bring them back.`);
  return member;
}

/** Refuses a change that would leave no active admin: someone must be able to manage members. */
async function keepAnAdmin(tx: Tx, member: { id: string; name: string; role: string }) {
  if (member.role !== "admin") return;
  // PostgreSQL has no write lock taken at BEGIN: lock the active admins' rows (in one order, so
  // two of these never deadlock), and a concurrent demotion waits here, then counts what committed.
  if (!sqlDialect(tx).serialisesTransactions) await tx.$queryRaw`SELECT "id" FROM "User" WHERE "role" = 'admin' AND "deactivatedAt" IS NULL ORDER BY "id" FOR UPDATE`;
  const otherAdmins = await tx.user.count({ where: { role: "admin", deactivatedAt: null, id: { not: member.id } } });
  if (otherAdmins === 0) throw new AppError("not-allowed", `${member.name} is the last admin. Make someone else an admin first.`);
}

// Both run in one transaction, which takes SQLite's write lock at BEGIN (lib/platform/db/sqlite.ts),
// or on PostgreSQL locks the admins' rows (keepAnAdmin): two admins demoting each other at once
// are serialised, and the second is refused.

/** Gives an active member another role; it applies to their next request. */
export async function setMemberRole(prisma: PrismaClient, input: { userId: string; role: Role }): Promise<{ name: string; changed: boolean }> {
  const changed = await prisma.$transaction(async (tx) => {
    const member = await activeMember(tx, input.userId);
    if (member.role === input.role) return { name: member.name, changed: false };
    if (input.role !== "admin") await keepAnAdmin(tx, member);
    await tx.user.update({ where: { id: member.id }, data: { role: input.role } });
    return { name: member.name, changed: true };
  });
  // Their API tokens carry the new role from their next request, not once the token cache expires.
  if (changed.changed) forgetTokenOwner({ userId: input.userId });
  return changed;
}

/**
 * Removes a member: they cannot sign in, their sessions end, their API tokens and the invitations
 * they sent stop working. The account stays, so their reviews and comments keep their author.
 */
export async function deactivateMember(prisma: PrismaClient, actor: { id: string }, input: { userId: string }, now = new Date()): Promise<{ name: string }> {
  if (actor.id === input.userId) throw new AppError("not-allowed", "You cannot remove yourself. Another admin can.");
  const removed = await prisma.$transaction(async (tx) => {
    const member = await activeMember(tx, input.userId);
    await keepAnAdmin(tx, member);
    await tx.user.update({ where: { id: member.id }, data: { deactivatedAt: now } });
    await tx.session.deleteMany({ where: { userId: member.id } });
    await tx.apiToken.updateMany({ where: { userId: member.id, revokedAt: null }, data: { revokedAt: now } });
    await tx.invitation.updateMany({ where: { invitedById: member.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    return { name: member.name };
  });
  forgetTokenOwner({ userId: input.userId });
  return removed;
}
