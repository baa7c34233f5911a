import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";

/** Replaces a member's password, hashed by Better Auth's own hasher (scrypt) so its sign-in can verify it. */
export async function setPassword(prisma: PrismaClient, auth: Auth, userId: string, password: string): Promise<void> {
  const hash = await (await auth.$context).password.hash(password);
  const updated = await prisma.account.updateMany({ where: { userId, providerId: "credential" }, data: { password: hash } });
  if (updated.count > 0) return;
  // Better Auth's credential record: accountId is the user id for email and password.
  await prisma.account.create({ data: { id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: hash } });
}
