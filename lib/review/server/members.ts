import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { can, isRole, type Role } from "@/lib/accounts/roles";
import { AppError } from "@/lib/platform/errors/app-error";

/** A member who may be given review items. */
export interface AssignableMember {
  id: string;
  name: string;
  email: string;
  role: Role;
}

const reviewRoles = (["admin", "reviewer", "viewer"] as const).filter((role) => can(role, "review"));

/** Active members whose role can review, by name: who an item can be assigned to. */
export async function listAssignableMembers(prisma: PrismaClient | Prisma.TransactionClient): Promise<AssignableMember[]> {
  const users = await prisma.user.findMany({
    where: { deactivatedAt: null, role: { in: reviewRoles } },
    orderBy: [{ name: "asc" }, { email: "asc" }],
    select: { id: true, name: true, email: true, role: true },
  });
  return users.flatMap((user) => (isRole(user.role) ? [{ ...user, role: user.role }] : []));
}

/**
 * The member an item may be assigned to, or a refusal saying why not: unknown, removed, or in
 * a role that cannot review (a viewer).
 */
export async function assignableMember(tx: Prisma.TransactionClient, userId: string): Promise<{ id: string; name: string }> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, name: true, role: true, deactivatedAt: true } });
  if (!user) throw new AppError("not-found", "That member does not exist.");
  if (user.deactivatedAt !== null) throw new AppError("not-allowed", `${user.name} is no longer a member and cannot be assigned.`);
  if (!isRole(user.role) || !can(user.role, "review")) {
    throw new AppError("not-allowed", `${user.name} is a ${user.role} and cannot review. An admin can change their role first.`);
  }
  return { id: user.id, name: user.name };
}
