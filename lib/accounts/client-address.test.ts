import { describe, expect, it } from "vitest";
import { addressNetwork, clientAddress, PEER_HEADER } from "./client-address";

const h = (entries: Record<string, string>) => new Headers(entries);

describe("clientAddress", () => {
  it("takes the socket's address from the server hook and ignores a client's X-Forwarded-For", () => {
    expect(clientAddress(h({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "10.9.9.9" }), 0)).toBe("203.0.113.7");
  });

  it("behind N trusted proxies takes the Nth address from the right; entries further left are the client's own words", () => {
    const headers = h({ [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.1" });
    expect(clientAddress(headers, 1)).toBe("10.0.0.1");
    expect(clientAddress(headers, 2)).toBe("198.51.100.4");
    expect(clientAddress(h({ "x-forwarded-for": "198.51.100.4" }), 3)).toBe("198.51.100.4");
  });

  it("without the hook falls back to the last X-Forwarded-For entry (what Next sets from the socket), else unknown", () => {
    expect(clientAddress(h({ "x-forwarded-for": "::1" }), 0)).toBe("::1");
    expect(clientAddress(h({}), 0)).toBe("unknown");
  });
});

describe("addressNetwork", () => {
  it("keeps an IPv4 address, and reads an IPv4-mapped one (as a dual-stack server reports it) as IPv4", () => {
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("0:0:0:0:0:ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("gives an IPv6 address's /64, however the address is written", () => {
    for (const address of ["2001:db8:0:5::1", "2001:DB8:0:5:ffff:1:2:3", "[2001:db8:0:5::9]", "2001:0db8:0000:0005::1%eth0", "2001:db8:0:5::1.2.3.4"]) {
      expect(addressNetwork(address), address).toBe("2001:db8:0:5::/64");
    }
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8::/64");
    expect(addressNetwork("::1")).toBe("::/64");
  });

  it("leaves anything else as it is", () => {
    for (const text of ["unknown", "1::2::3", "1:2:3:4:5:6:7:8:9", "::ffff:999.1.1.1", "2001:db8::g"]) expect(addressNetwork(text)).toBe(text);
  });
});
