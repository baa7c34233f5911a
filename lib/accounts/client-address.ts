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

/**
 * What sign-in limits count an address as: an IPv4 address as is (also when written IPv4-mapped,
 * `::ffff:192.0.2.1`, as a dual-stack server reports it), an IPv6 address as its /64. One IPv6
 * host usually holds a whole /64, so counting single addresses would hand an attacker endless new
 * ones, each "an address that has not failed" (lib/accounts/sign-in-throttle.ts).
 */
export function addressNetwork(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  // Without its zone ("fe80::1%eth0").
  const zone = bare.indexOf("%");
  const groups = ipv6Groups(zone === -1 ? bare : bare.slice(0, zone));
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  const prefix = groups.slice(0, 4);
  while (prefix.length > 0 && prefix.at(-1) === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(":")) return null;
  let hex = text.toLowerCase();
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hex);
  if (dotted) {
    const octets = dotted.slice(2).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    hex = `${dotted[1]}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const halves = hex.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}
