/**
 * Keeps credentials out of anything a judge lets escape (error messages, results). Servers do
 * echo keys: OpenAI-compatible proxies quote the rejected key in their 401 body.
 */

const REDACTED = "[redacted]";

// Key-shaped tokens from the providers we talk to, for keys we were not told about
// (a proxy may echo a key from its own configuration).
const KEY_PATTERNS: readonly RegExp[] = [/\bsk-[A-Za-z0-9_-]{12,}/g, /\bBearer\s+[A-Za-z0-9._~+/=-]{12,}/gi];

/** Secrets shorter than this are not searched for: replacing "a" everywhere would destroy the text. */
const MIN_SECRET_LENGTH = 6;

export function redactSecrets(text: string, secrets: readonly (string | undefined | null)[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  for (const pattern of KEY_PATTERNS) result = result.replace(pattern, REDACTED);
  return result;
}

/** One line of a server's error text, redacted and short enough for a table cell. */
export function summarizeServerText(text: string, secrets: readonly (string | undefined | null)[] = [], maxLength = 300): string {
  const line = redactSecrets(text, secrets).replace(/\s+/g, " ").trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}
