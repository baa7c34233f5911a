import crypto from "node:crypto";
import type { Auth } from "./auth";

/**
 * The device cookie of OWASP's "Slow down online guessing attacks with device cookies": a browser
 * that has signed in to an account gets a cookie naming that account, signed with the server's
 * auth secret, so that strangers' wrong passwords cannot lock it out (lib/accounts/sign-in-throttle.ts).
 *
 * Value: `<id>.<issued, seconds base36>.<signature>`. The email is signed but not written: the
 * cookie is only checked against the email being signed in to. `id` keys the browser's own count
 * of wrong passwords. Nothing is stored server-side; a stolen cookie is limited by that count.
 */
export const DEVICE_COOKIE_DAYS = 180;
const MAX_AGE_MS = DEVICE_COOKIE_DAYS * 24 * 60 * 60_000;
/** Servers sharing a database may disagree a little about the time. */
const CLOCK_SKEW_MS = 5 * 60_000;
const COOKIE_NAME = "callboard.device";

/** A key for device cookies alone, so no signature made for another purpose can pass for one. */
function deviceKey(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("callboard device cookie v1").digest();
}

function signature(secret: string, email: string, id: string, issued: string): string {
  return crypto.createHmac("sha256", deviceKey(secret)).update(`${email.trim().toLowerCase()}\n${id}\n${issued}`).digest("base64url");
}

export function makeDeviceValue(secret: string, email: string, now: Date): string {
  const id = crypto.randomBytes(16).toString("base64url");
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  return `${id}.${issued}.${signature(secret, email, id, issued)}`;
}

/** The browser's id when `value` is a device cookie this server made for `email` and it has not expired; else null. */
export function verifyDeviceValue(secret: string, email: string, value: string | null | undefined, now: Date): string | null {
  const parts = value?.split(".");
  if (parts?.length !== 3) return null;
  const [id, issued, given] = parts;
  if (!/^[A-Za-z0-9_-]{22}$/.test(id) || !/^[0-9a-z]{1,10}$/.test(issued)) return null;
  const expected = Buffer.from(signature(secret, email, id, issued));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  const age = now.getTime() - parseInt(issued, 36) * 1000;
  return age < MAX_AGE_MS && age > -CLOCK_SKEW_MS ? id : null;
}

export interface DeviceCookieSettings {
  name: string;
  /** The server's auth secret (never leaves the server). */
  secret: string;
  attributes: { httpOnly: true; sameSite: "lax"; secure: boolean; path: "/"; maxAge: number };
}

/**
 * The cookie's name and attributes. Secure (and `__Secure-` named) exactly when the session cookie
 * is: when Callboard is served over https (CALLBOARD_URL). HttpOnly: no script needs it.
 */
export async function deviceCookieSettings(auth: Auth): Promise<DeviceCookieSettings> {
  const context = await auth.$context;
  const secure = context.authCookies.sessionToken.attributes.secure === true;
  return {
    name: `${secure ? "__Secure-" : ""}${COOKIE_NAME}`,
    secret: context.secret,
    attributes: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: MAX_AGE_MS / 1000 },
  };
}
