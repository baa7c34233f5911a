import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

/*
 * Which paths proxy.ts runs on, decided by Next's own testing helper (the compilation `next build`
 * applies to `config.matcher`, and the test the server makes on every request). Next copies the body
 * of a request the proxy runs on and cuts it at `proxyClientMaxBodySize` (10 MB by default) before
 * the route sees it, with no error: an OTLP export over 10 MB lost its last spans and answered 200.
 */
const runsOn = (pathname: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost${pathname}` });

describe("the proxy's matcher", () => {
  it("leaves the OTLP endpoints alone, so that their bodies reach the route whole", () => {
    for (const path of ["/v1/traces", "/v1/traces/", "/api/otel/v1/traces"]) expect(runsOn(path), path).toBe(false);
  });

  it("still runs on pages, and not on the API or files", () => {
    for (const path of ["/", "/runs", "/runs/abc", "/review", "/sign-in", "/settings/tokens"]) expect(runsOn(path), path).toBe(true);
    for (const path of ["/api/transcripts", "/_next/static/chunk.js", "/favicon.ico"]) expect(runsOn(path), path).toBe(false);
  });
});
