import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a value is the server's shared key (CALLBOARD_API_KEY). Both sides are hashed first so
 * the comparison is constant-time whatever their lengths, and neither key is ever logged or echoed.
 */
export function apiKeyAccepted(expected: string | undefined, given: string | null): boolean {
  const wanted = expected?.trim();
  if (!wanted) return true;
  if (!given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(wanted), digest(given.trim()));
}

/** What reading a request's headers needs: a Fetch `Headers`, or Node's headers behind the same `get`. */
export type HeaderReader = Pick<Headers, "get">;

/** Which API token a request to /api/v1/evals carries, or why its `API-Key` header is refused. */
export type EvalCredentials = { ok: true; token: string | null } | { ok: false; message: string };

// Tokens are `cb_` and base64url: no colon, so `<shared key>:<token>` splits at its last colon.
const KEY_AND_TOKEN = /^(.*):(cb_[A-Za-z0-9_-]+)$/s;

export const API_KEY_REFUSED =
  "missing or wrong API-Key header: this server also requires its shared key (CALLBOARD_API_KEY). " +
  "Send `API-Key: <shared key>` with `Authorization: Bearer <token>`, or, from a client that sends only API-Key (the Composo SDK), `API-Key: <shared key>:<token>`.";

/**
 * The evaluation API's clients send one header, `API-Key` (the Composo SDK can send no other),
 * so on /api/v1/evals it carries a Callboard API token exactly as `Authorization: Bearer` does;
 * the bearer header wins when both are there. With CALLBOARD_API_KEY set the double check stays:
 * the shared key must come in `API-Key`, either alone (the token then in `Authorization`, or a
 * browser session) or followed by `:<token>` for single-header clients. `token: null` means
 * "use the bearer header or the session", as every other route does.
 */
export function evalCredentials(headers: HeaderReader, sharedKey: string | undefined): EvalCredentials {
  const given = headers.get("api-key")?.trim() || null;
  const bearer = /^Bearer\s+\S+\s*$/i.test(headers.get("authorization") ?? "");
  if (!sharedKey?.trim()) return { ok: true, token: bearer || !given ? null : given };
  if (!given) return { ok: false, message: API_KEY_REFUSED };
  if (apiKeyAccepted(sharedKey, given)) return { ok: true, token: null };
  const split = KEY_AND_TOKEN.exec(given);
  if (split && apiKeyAccepted(sharedKey, split[1])) return { ok: true, token: bearer ? null : split[2] };
  return { ok: false, message: API_KEY_REFUSED };
}
