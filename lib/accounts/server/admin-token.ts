import type { PrismaClient } from "@/lib/generated/prisma/client";
import { retryOnUniqueConflict } from "@/lib/platform/db/retry-unique";
import { hashToken, TOKEN_PREFIX } from "./api-token";

/** The name the token has under Settings → API tokens, so people can tell where it came from. */
export const ADMIN_TOKEN_NAME = "CALLBOARD_ADMIN_TOKEN";

export type AdminTokenOutcome =
  /** Stored now; `replaced` earlier tokens from the variable were revoked (the value was rotated). */
  | { outcome: "created"; replaced: number }
  | { outcome: "exists" }
  /** Someone revoked it: a revocation stands until the variable holds a new value. */
  | { outcome: "revoked" }
  /** There is no account with the start-up admin's email (someone else set Callboard up first). */
  | { outcome: "no-admin" };

/**
 * `CALLBOARD_ADMIN_TOKEN`: makes the given token an API token of the start-up admin, stored like
 * every other token (its SHA-256 only), so a CI server can use the API without a browser.
 * Idempotent: run on every start, it does nothing while the token is there.
 */
export async function ensureAdminToken(prisma: PrismaClient, adminEmail: string, token: string, now: Date = new Date()): Promise<AdminTokenOutcome> {
  const user = await prisma.user.findUnique({ where: { email: adminEmail.trim().toLowerCase() }, select: { id: true } });
  if (!user) return { outcome: "no-admin" };
  const tokenHash = hashToken(token);
  // Several servers starting at once with the same variable: one stores it, the others find it.
  return retryOnUniqueConflict(() => prisma.$transaction(async (tx): Promise<AdminTokenOutcome> => {
    const stored = await tx.apiToken.findUnique({ where: { tokenHash }, select: { userId: true, revokedAt: true } });
    if (stored) {
      // A random 256-bit value cannot be someone else's by chance: refuse rather than hand it over.
      if (stored.userId !== user.id) throw new Error(`${ADMIN_TOKEN_NAME} is already another member's token: choose a new value.`);
      return stored.revokedAt ? { outcome: "revoked" } : { outcome: "exists" };
    }
    const { count: replaced } = await tx.apiToken.updateMany({ where: { userId: user.id, name: ADMIN_TOKEN_NAME, revokedAt: null }, data: { revokedAt: now } });
    await tx.apiToken.create({ data: { userId: user.id, name: ADMIN_TOKEN_NAME, prefix: token.slice(0, TOKEN_PREFIX.length + 6), tokenHash, createdAt: now } });
    return { outcome: "created", replaced };
  }));
}
