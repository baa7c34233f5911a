/**
 * A signed-in reviewer for `npm run bench:results`: pages need a session, and a bench of the
 * sign-in redirect would measure nothing. The account and its session go into the seeded
 * database through Better Auth itself (as lib/accounts/server/test-fixtures/accounts.ts does), signed with a
 * key made for this run and handed to the server, so the cookie is one the server accepts.
 */
import { randomBytes } from "node:crypto";
import { createAuth } from "@/lib/accounts/server/auth";
import { createPrisma } from "@/lib/platform/db/client";

export interface BenchSession {
  /** For the server's environment. */
  env: { CALLBOARD_AUTH_SECRET: string };
  /** The session cookie, as name and value. */
  cookies: { name: string; value: string }[];
}

const EMAIL = "bench-reviewer@callboard.invalid";

export async function benchSession(databaseUrl: string, baseUrl: string): Promise<BenchSession> {
  const secret = randomBytes(32).toString("base64url");
  const password = randomBytes(18).toString("base64url");
  const prisma = createPrisma(databaseUrl);
  try {
    const auth = createAuth(prisma, { secret, baseURL: baseUrl, nextCookies: false });
    // A database kept by an earlier bench (--reuse) has its reviewer already: signed up anew, with this run's key.
    await prisma.user.deleteMany({ where: { email: EMAIL } });
    const created = await auth.api.signUpEmail({ body: { name: "Bench reviewer", email: EMAIL, password } });
    // A reviewer sees what the people who work through a run see (its actions too).
    await prisma.user.update({ where: { id: created.user.id }, data: { role: "reviewer" } });
    const { headers } = await auth.api.signInEmail({ body: { email: EMAIL, password }, returnHeaders: true });
    const cookies = headers.getSetCookie().map((line) => {
      const pair = line.split(";")[0];
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    if (cookies.length === 0) throw new Error("signing in the bench reviewer set no cookie");
    return { env: { CALLBOARD_AUTH_SECRET: secret }, cookies };
  } finally {
    await prisma.$disconnect();
  }
}

export const cookieHeader = (session: BenchSession) => session.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
