import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER } from "./client-address";

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
