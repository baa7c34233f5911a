import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getPrisma } from "@/lib/platform/db/client";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { authSecret } from "./secret";

export const SESSION_DAYS = 14;

export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/**
 * Better Auth does passwords (scrypt) and database sessions. Its HTTP handler is deliberately
 * not mounted: sign-in, first-run and invitations go through our server actions, which decide
 * who may create an account (first-admin.ts, invitations.ts), so there is no open sign-up endpoint.
 */
export function createAuth(
  prisma: PrismaClient,
  options: {
    secret?: string;
    baseURL?: string;
    /** Off in tests, which run outside a Next request. */
    nextCookies?: boolean;
    /** Tests only: a cheap hasher, since scrypt costs ~100 ms a password and the sign-in tests check hundreds. */
    password?: PasswordHasher;
  } = {},
) {
  return betterAuth({
    appName: "Callboard",
    secret: options.secret ?? authSecret(),
    baseURL: options.baseURL ?? process.env.CALLBOARD_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`,
    database: prismaAdapter(prisma, { provider: sqlDialect(prisma).provider }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 256, autoSignIn: true, ...(options.password ? { password: options.password } : {}) },
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        // Set by our services only (first run, invitation, an admin), never from sign-up input.
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
        // Read with the session (lib/accounts/server/current-user.ts), so a request needs no second look at the user.
        deactivatedAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A removed member cannot start a session, whatever path asked for one.
          before: async (session) => {
            const user = await prisma.user.findUnique({ where: { id: session.userId }, select: { deactivatedAt: true } });
            return user !== null && user.deactivatedAt === null;
          },
        },
      },
    },
    // One query for a session and its user (Prisma's include) instead of two, on every request.
    advanced: { database: { joins: true } },
    telemetry: { enabled: false },
    plugins: options.nextCookies === false ? [] : [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as typeof globalThis & { __callboardAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.__callboardAuth ??= createAuth(getPrisma());
  return globalForAuth.__callboardAuth;
}
