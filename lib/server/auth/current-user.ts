import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isRole, type Role } from "@/lib/auth/roles";
import { hashToken } from "./api-token";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** How this request proved who it is. */
  via: "session" | "token";
}

const userSelect = { id: true, email: true, name: true, role: true, deactivatedAt: true } as const;

function active(
  user: { id: string; email: string; name: string; role: string; deactivatedAt: Date | null } | null,
  via: CurrentUser["via"],
): CurrentUser | null {
  if (!user || user.deactivatedAt !== null || !isRole(user.role)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, via };
}

/** The user a live session belongs to; the role is read fresh so a change applies at once. */
export async function userForSession(prisma: PrismaClient, userId: string): Promise<CurrentUser | null> {
  return active(await prisma.user.findUnique({ where: { id: userId }, select: userSelect }), "session");
}

// Writing lastUsedAt on every request would make each API read a write; a minute is precise enough.
const LAST_USED_RESOLUTION_MS = 60_000;

/** The owner of an unrevoked API token, or null. */
export async function userForToken(prisma: PrismaClient, token: string, now = new Date()): Promise<CurrentUser | null> {
  const found = await prisma.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, revokedAt: true, lastUsedAt: true, user: { select: userSelect } },
  });
  if (!found || found.revokedAt !== null) return null;
  const user = active(found.user, "token");
  if (user && (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    await prisma.apiToken.update({ where: { id: found.id }, data: { lastUsedAt: now } });
  }
  return user;
}

export async function hasAnyUser(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.user.count()) > 0;
}
