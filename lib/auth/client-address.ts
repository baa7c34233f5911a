/**
 * The address a request came from, for sign-in throttling.
 *
 * `npm start` loads scripts/peer-address-hook.mjs into the server, which writes the socket's
 * address into `x-callboard-peer` (replacing anything a client sent under that name). Next's own
 * `x-forwarded-for` cannot be trusted as is: Next fills it from the socket only when the client
 * did not send one.
 *
 * Behind reverse proxies, `CALLBOARD_TRUSTED_PROXIES` says how many: each appends the address it
 * received from to `x-forwarded-for`, so the client's is that many entries from the right; what
 * lies further left was written by the client and is ignored.
 */
export const PEER_HEADER = "x-callboard-peer";

export function clientAddress(headers: Pick<Headers, "get">, trustedProxies: number): string {
  const peer = headers.get(PEER_HEADER)?.trim() || null;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustedProxies > 0 && forwarded.length > 0) return forwarded[Math.max(0, forwarded.length - trustedProxies)];
  // Without the hook (`next dev`, or `next start` run by hand) the last entry is the best there is.
  return peer ?? forwarded.at(-1) ?? "unknown";
}
