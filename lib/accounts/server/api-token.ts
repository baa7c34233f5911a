import crypto from "node:crypto";

/** Tokens look like `cb_<43 base64url chars>`: 256 random bits, recognisable in logs and secret scanners. */
export const TOKEN_PREFIX = "cb_";

export function newApiToken(): { token: string; prefix: string; tokenHash: string } {
  const token = `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  return { token, prefix: token.slice(0, TOKEN_PREFIX.length + 6), tokenHash: hashToken(token) };
}

/** SHA-256 suffices: the token is random and long, so there is nothing to brute-force. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function bearerToken(authorization: string | null): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
