import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/accounts/roles";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { createAuth, type Auth, type PasswordHasher } from "../auth";

/** A fixed test secret: sessions are signed, and tests must never write data/.auth-secret. */
export const TEST_AUTH_SECRET = "test-secret-that-is-at-least-32-characters-long";
export const TEST_PASSWORD = "correct horse battery";

export interface AccountsTestContext {
  prisma: PrismaClient;
  /** The database's DATABASE_URL, for a second client on it. */
  url: string;
  auth: Auth;
  /** Deletes every account (sessions, tokens and invitations go with them). */
  reset(): Promise<void>;
  /** An active member with `role`, signed up through Better Auth with TEST_PASSWORD. */
  member(role: Role, name?: string): Promise<{ id: string; email: string; name: string }>;
  /** The Cookie header a browser would send after signing in as `email`. */
  cookieFor(email: string, password?: string): Promise<string>;
  cleanup(): Promise<void>;
}

let memberNumber = 0;

/** What the tests check is who may sign in, not scrypt: a salted SHA-256 is enough here and a thousand times faster. */
const FAST_TEST_HASHER: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(8).toString("hex");
    return `test:${salt}:${createHash("sha256").update(`${salt}:${password}`).digest("hex")}`;
  },
  verify: async ({ hash, password }) => {
    const [, salt, digest] = hash.split(":");
    return digest === createHash("sha256").update(`${salt}:${password}`).digest("hex");
  },
};

/** A real, migrated database (see createTestDatabase) and a Better Auth instance on it, outside Next (no cookies plugin). */
export async function createAccountsTestContext(label: string): Promise<AccountsTestContext> {
  const db = await createTestDatabase(label);
  const auth = createAuth(db.prisma, { secret: TEST_AUTH_SECRET, baseURL: "http://localhost:3000", nextCookies: false, password: FAST_TEST_HASHER });
  return {
    prisma: db.prisma,
    url: db.url,
    auth,
    reset: async () => {
      await db.prisma.user.deleteMany();
    },
    member: async (role, name) => {
      const n = ++memberNumber;
      const email = `member${n}@example.com`;
      const created = await auth.api.signUpEmail({ body: { name: name ?? `Member ${n}`, email, password: TEST_PASSWORD } });
      await db.prisma.user.update({ where: { id: created.user.id }, data: { role } });
      // Sign-up signs in; tests count sessions, so start from none.
      await db.prisma.session.deleteMany({ where: { userId: created.user.id } });
      return { id: created.user.id, email, name: name ?? `Member ${n}` };
    },
    cookieFor: async (email, password = TEST_PASSWORD) => {
      const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
      return cookieHeader(headers);
    },
    cleanup: db.cleanup,
  };
}

/** `name=value; name=value` from a response's Set-Cookie headers. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
