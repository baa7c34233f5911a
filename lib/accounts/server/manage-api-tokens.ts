import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/accounts/roles";
import { newApiToken } from "./api-token";
import { forgetTokenOwner } from "./token-cache";
import { AppError } from "@/lib/platform/errors/app-error";

/** Enough for every script and CI job one person runs; a runaway loop is stopped here. */
export const MAX_ACTIVE_TOKENS = 50;

export interface ApiTokenRow {
  id: string;
  name: string;
  /** The first characters, so people can tell their tokens apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  owner: { id: string; name: string; email: string };
}

/** A personal API token. The token itself is returned once and never stored: only its SHA-256. */
export async function createApiToken(prisma: PrismaClient, owner: { id: string }, input: { name: string }): Promise<{ id: string; name: string; prefix: string; token: string }> {
  const active = await prisma.apiToken.count({ where: { userId: owner.id, revokedAt: null } });
  if (active >= MAX_ACTIVE_TOKENS) throw new AppError("invalid-state", `You have ${active} active tokens, the most allowed. Revoke one you no longer use.`, { field: "name" });
  const { token, prefix, tokenHash } = newApiToken();
  const created = await prisma.apiToken.create({ data: { userId: owner.id, name: input.name, prefix, tokenHash }, select: { id: true, name: true, prefix: true } });
  return { ...created, token };
}

const rowSelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  user: { select: { id: true, name: true, email: true } },
} as const;

/** One person's tokens, active first then the most recently revoked. */
export async function listApiTokens(prisma: PrismaClient, userId: string): Promise<ApiTokenRow[]> {
  const rows = await prisma.apiToken.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }], take: 200, select: rowSelect });
  const mapped = rows.map(({ user, ...row }) => ({ ...row, owner: user }));
  return [...mapped.filter((r) => r.revokedAt === null), ...mapped.filter((r) => r.revokedAt !== null)];
}

/** Everyone else's active tokens, for admins. */
export async function listOthersActiveTokens(prisma: PrismaClient, exceptUserId: string): Promise<ApiTokenRow[]> {
  const rows = await prisma.apiToken.findMany({
    where: { userId: { not: exceptUserId }, revokedAt: null },
    orderBy: [{ createdAt: "desc" }],
    take: 500,
    select: rowSelect,
  });
  return rows.map(({ user, ...row }) => ({ ...row, owner: user }));
}

/** Revokes a token at once. People revoke their own; admins anyone's (a leaked CI token, say). */
export async function revokeApiToken(prisma: PrismaClient, actor: { id: string; role: Role }, input: { id: string }, now = new Date()): Promise<{ name: string }> {
  const token = await prisma.apiToken.findUnique({ where: { id: input.id }, select: { id: true, name: true, userId: true, revokedAt: true, tokenHash: true } });
  // Someone else's token is "not found" to a non-admin: ids are not for probing.
  if (!token || (token.userId !== actor.id && actor.role !== "admin")) throw new AppError("not-found", "There is no such token.");
  if (token.revokedAt) throw new AppError("conflict", `“${token.name}” was already revoked.`);
  await prisma.apiToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: now } });
  forgetTokenOwner({ tokenHash: token.tokenHash });
  return { name: token.name };
}
