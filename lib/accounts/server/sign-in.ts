import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";
import { authErrorCode } from "./errors";
import type { SignedIn } from "./first-admin";
import { deviceCookieSettings, makeDeviceValue, verifyDeviceValue } from "./device-cookie";
import { assertSignInAllowed, recordSignInFailure } from "./sign-in-throttle";
import { AppError } from "@/lib/platform/errors/app-error";

// One message for an unknown email and a wrong password, so the form does not tell who has an account.
export const WRONG_CREDENTIALS = "Wrong email or password.";
export const REMOVED_ACCOUNT = "This account has been removed. Ask an admin to invite you again.";

export interface SignInInput {
  email: string;
  password: string;
  address: string;
  /** The request's device cookie (device-cookie.ts), if it sent one. */
  device?: string | null;
}

/**
 * Checks the password (scrypt, in Better Auth) and starts a database session. Wrong passwords are
 * counted per client address, per email and per trusted browser in the database
 * (sign-in-throttle.ts); while a lock that applies to this client holds, the attempt is refused
 * before the password is even checked. A right password earns the browser a new device cookie,
 * which the caller sets.
 */
export async function signIn(prisma: PrismaClient, auth: Auth, input: SignInInput, now = () => new Date()): Promise<SignedIn & { deviceCookie: string }> {
  const { secret } = await deviceCookieSettings(auth);
  const attempt = { email: input.email, address: input.address, deviceId: verifyDeviceValue(secret, input.email, input.device, now()) };
  await assertSignInAllowed(prisma, attempt, now());
  try {
    const result = await auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true } });
    return { userId: result.user.id, sessionToken: result.token, deviceCookie: makeDeviceValue(secret, input.email, now()) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "VALIDATION_ERROR" || code === "PASSWORD_TOO_LONG") {
      await recordSignInFailure(prisma, attempt, now());
      throw new AppError("unauthenticated", WRONG_CREDENTIALS);
    }
    // Better Auth only tries to make a session after the password matched, and our session hook
    // refuses removed members: saying so here tells nothing to someone without the password.
    if (code === "FAILED_TO_CREATE_SESSION") {
      const user = await prisma.user.findUnique({ where: { email: input.email }, select: { deactivatedAt: true } });
      if (user?.deactivatedAt) throw new AppError("unauthenticated", REMOVED_ACCOUNT);
    }
    throw error;
  }
}

/** Ends the session the request's cookie names and clears the cookie; nothing to do without one. */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<void> {
  await auth.api.signOut({ headers: requestHeaders });
}
