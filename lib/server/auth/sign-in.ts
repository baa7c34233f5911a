import { createAttemptLimiter, signInKey, type AttemptLimiter } from "@/lib/auth/attempt-limiter";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";
import { AccountError, authErrorCode } from "./errors";
import type { SignedIn } from "./first-admin";

// One message for an unknown email and a wrong password, so the form does not tell who has an account.
export const WRONG_CREDENTIALS = "Wrong email or password.";
export const REMOVED_ACCOUNT = "This account has been removed. Ask an admin to invite you again.";

export function tooManyAttempts(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many wrong passwords for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

// Better Auth's own rate limiter guards only its HTTP handler, which is not mounted.
const globalForLimiter = globalThis as typeof globalThis & { __callboardSignInLimiter?: AttemptLimiter };
function defaultLimiter(): AttemptLimiter {
  globalForLimiter.__callboardSignInLimiter ??= createAttemptLimiter();
  return globalForLimiter.__callboardSignInLimiter;
}

/**
 * Checks the password (scrypt, in Better Auth) and starts a database session. Repeated wrong
 * passwords for one email are refused for a while, before the password is even checked.
 */
export async function signIn(prisma: PrismaClient, auth: Auth, input: { email: string; password: string }, limiter: AttemptLimiter = defaultLimiter()): Promise<SignedIn> {
  const key = signInKey(input.email);
  const wait = limiter.retryAfterMs(key);
  if (wait !== null) throw new AccountError(tooManyAttempts(wait));
  try {
    const result = await auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true } });
    limiter.recordSuccess(key);
    return { userId: result.user.id, sessionToken: result.token };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "VALIDATION_ERROR" || code === "PASSWORD_TOO_LONG") {
      limiter.recordFailure(key);
      throw new AccountError(WRONG_CREDENTIALS);
    }
    // Better Auth only tries to make a session after the password matched, and our session hook
    // refuses removed members: saying so here tells nothing to someone without the password.
    if (code === "FAILED_TO_CREATE_SESSION") {
      const user = await prisma.user.findUnique({ where: { email: input.email }, select: { deactivatedAt: true } });
      if (user?.deactivatedAt) throw new AccountError(REMOVED_ACCOUNT);
    }
    throw error;
  }
}

/** Ends the session the request's cookie names and clears the cookie; nothing to do without one. */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<void> {
  await auth.api.signOut({ headers: requestHeaders });
}
