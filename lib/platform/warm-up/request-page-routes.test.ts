import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Auth } from "@/lib/accounts/server/auth";
import { requestPageRoutes, requestPageRoutesOnceServing, servingOrigin } from "./request-page-routes";

/** A server that answers as the app's pages do a cookie naming no session: a redirect to sign-in, or `status` for the paths given. */
let server: http.Server;
let origin: string;
let seen: { path: string; cookie: string | undefined }[];
let failing: Map<string, number>;

beforeEach(async () => {
  seen = [];
  failing = new Map();
  server = http.createServer((request, response) => {
    const path = request.url ?? "";
    seen.push({ path, cookie: request.headers.cookie });
    const status = failing.get(path);
    if (status) response.writeHead(status).end("broken");
    else response.writeHead(307, { location: `/sign-in?next=${encodeURIComponent(path)}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe("requesting the page routes once the server serves", () => {
  it("requests each path in turn with a session cookie that names no session, and follows no redirect", async () => {
    const lines: string[] = [];
    const answered = await requestPageRoutes({ origin, sessionCookie: "better-auth.session_token", paths: ["/runs/warm-up", "/"], log: (line) => lines.push(line) });

    expect(answered).toEqual(["/runs/warm-up", "/"]);
    expect(seen).toEqual([
      { path: "/runs/warm-up", cookie: "better-auth.session_token=warm-up" },
      { path: "/", cookie: "better-auth.session_token=warm-up" },
    ]);
    expect(lines).toEqual([]);
  });

  it("logs a route that answers with a server error and goes on with the others", async () => {
    failing.set("/runs/warm-up", 500);
    const lines: string[] = [];
    const answered = await requestPageRoutes({ origin, sessionCookie: "s", paths: ["/runs/warm-up", "/monitors/warm-up"], log: (line) => lines.push(line) });

    expect(answered).toEqual(["/monitors/warm-up"]);
    expect(lines).toEqual(["callboard: warming the page route of /runs/warm-up answered 500; it prepares on first use"]);
  });

  it("logs a server it cannot reach, never throwing", async () => {
    const closed = origin;
    await new Promise((resolve) => server.close(resolve));
    server = http.createServer();
    const lines: string[] = [];

    expect(await requestPageRoutes({ origin: closed, sessionCookie: "s", paths: ["/"], log: (line) => lines.push(line) })).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^callboard: warming the page route of \/ failed \(.+\); it prepares on first use$/);
  });

  it("finds where `next start` serves, and nothing outside production", () => {
    expect(servingOrigin({ NODE_ENV: "development", PORT: "3000" })).toBeNull();
    expect(servingOrigin({ NODE_ENV: "production", PORT: "3400", __NEXT_PRIVATE_ORIGIN: "http://localhost:3400" })).toBe("http://localhost:3400");
    expect(servingOrigin({ NODE_ENV: "production", PORT: "3400" })).toBe("http://127.0.0.1:3400");
    expect(servingOrigin({ NODE_ENV: "production" })).toBeNull();
  });

  it("for register(): names the cookie Better Auth reads, and requests the routes people open first", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", origin);
    const auth = () => ({ $context: Promise.resolve({ authCookies: { sessionToken: { name: "__Secure-better-auth.session_token" } } }) }) as unknown as Auth;

    await requestPageRoutesOnceServing(auth, () => {});

    expect(seen.map((request) => request.path)).toEqual(["/runs/warm-up", "/runs/warm-up/calls/warm-up", "/runs/warm-up/charts", "/monitors/warm-up", "/"]);
    expect(seen[0].cookie).toBe("__Secure-better-auth.session_token=warm-up");
  });

  it("for register(): logs a Better Auth that cannot start, and requests nothing", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("__NEXT_PRIVATE_ORIGIN", origin);
    const lines: string[] = [];
    const auth = () => ({ $context: Promise.reject(new Error("CALLBOARD_AUTH_SECRET is too short")) }) as unknown as Auth;

    await requestPageRoutesOnceServing(auth, (line) => lines.push(line));

    expect(lines).toEqual(["callboard: warming the page routes failed (CALLBOARD_AUTH_SECRET is too short); each prepares on first use"]);
    expect(seen).toEqual([]);
  });
});
