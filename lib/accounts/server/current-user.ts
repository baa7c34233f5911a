import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isRole, type Role } from "@/lib/accounts/roles";
import { hashToken } from "./api-token";
import type { Auth } from "./auth";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** How this request proved who it is. */
  via: "session" | "token";
}

const userSelect = { id: true, email: true, name: true, role: true, deactivatedAt: true } as const;

type StoredUser = { id: string; email: string; name: string; role?: string | null; deactivatedAt?: Date | null };

function active(user: StoredUser | null, via: CurrentUser["via"]): CurrentUser | null {
  if (!user || user.deactivatedAt != null || !isRole(user.role)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, via };
}

/**
 * The user of the live session the request's cookie names. Better Auth reads the user with the
 * session (role and deactivatedAt are additional fields there), fresh on every request, so a role
 * change applies at once and a removed member is refused even if a session outlived the removal.
 */
export async function userForSession(auth: Auth, requestHeaders: Headers): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: requestHeaders });
  return session ? active(session.user, "session") : null;
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
