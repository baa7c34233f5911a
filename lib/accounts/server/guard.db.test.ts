import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "./test-fixtures/accounts";

// The guard reads the request's headers and the app's database and auth: point them at a test file.
const state = vi.hoisted(() => ({ headers: new Headers(), ctx: undefined as AccountsTestContext | undefined }));
vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  forbidden: () => {
    throw new Error("forbidden");
  },
}));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("./auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("./auth")>()), getAuth: () => state.ctx?.auth }));

const { authorizeAction, authorizeRequest, requirePageUser } = await import("./guard");
const { createApiToken, revokeApiToken } = await import("./manage-api-tokens");
const { deactivateMember } = await import("./members");
const { createAccountsTestContext } = await import("./test-fixtures/accounts");

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("guard");
  state.ctx = ctx;
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.reset();
  state.headers = new Headers();
});

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/transcripts", { method: "POST", headers: { host: "localhost:3000", ...headers } });
const get = (headers: Record<string, string>) => new Request("http://localhost:3000/api/runs/x/progress", { headers: { host: "localhost:3000", ...headers } });

async function refusalOf(result: Awaited<ReturnType<typeof authorizeRequest>>) {
  if (result.ok) return null;
  return { status: result.response.status, error: ((await result.response.json()) as { error: string }).error };
}

describe("requirePageUser", () => {
  it("sends nobody to the first-run screen on a new installation, and to sign-in after", async () => {
    await expect(requirePageUser()).rejects.toThrow("redirect /setup");
    await ctx.member("admin");
    await expect(requirePageUser()).rejects.toThrow("redirect /sign-in");
  });

  it("lets a member read, and gives a 403 for what their role cannot do", async () => {
    const viewer = await ctx.member("viewer");
    state.headers = new Headers({ cookie: await ctx.cookieFor(viewer.email) });
    await expect(requirePageUser()).resolves.toMatchObject({ id: viewer.id, role: "viewer", via: "session" });
    await expect(requirePageUser("upload")).rejects.toThrow("forbidden");
  });
});

describe("authorizeAction", () => {
  it("refuses with a message the form shows: no session, then a role without the action", async () => {
    expect(await authorizeAction("run")).toMatchObject({ ok: false, status: 401 });
    const viewer = await ctx.member("viewer");
    state.headers = new Headers({ cookie: await ctx.cookieFor(viewer.email) });
    expect(await authorizeAction("run")).toEqual({ ok: false, status: 403, message: expect.stringContaining("(viewer) does not allow this") });
    expect(await authorizeAction("read")).toMatchObject({ ok: true, user: { id: viewer.id } });
  });

  it("stops a removed member's open session at once", async () => {
    const admin = await ctx.member("admin");
    const reviewer = await ctx.member("reviewer");
    state.headers = new Headers({ cookie: await ctx.cookieFor(reviewer.email) });
    expect(await authorizeAction("run")).toMatchObject({ ok: true });
    await deactivateMember(ctx.prisma, admin, { userId: reviewer.id });
    expect(await authorizeAction("run")).toMatchObject({ ok: false, status: 401 });
  });
});

describe("authorizeRequest", () => {
  it("answers 401 without credentials and for unknown, malformed or revoked tokens", async () => {
    expect(await refusalOf(await authorizeRequest(post({}), "upload"))).toEqual({ status: 401, error: expect.stringContaining("Authorization: Bearer") });
    expect(await refusalOf(await authorizeRequest(post({ authorization: "Bearer cb_unknown" }), "upload"))).toMatchObject({ status: 401, error: expect.stringContaining("unknown or revoked") });
    const reviewer = await ctx.member("reviewer");
    const created = await createApiToken(ctx.prisma, reviewer, { name: "CI" });
    expect(await authorizeRequest(post({ authorization: `Bearer ${created.token}` }), "upload")).toMatchObject({ ok: true, user: { id: reviewer.id, via: "token" } });
    await revokeApiToken(ctx.prisma, { id: reviewer.id, role: "reviewer" }, { id: created.id });
    expect(await refusalOf(await authorizeRequest(post({ authorization: `Bearer ${created.token}` }), "upload"))).toMatchObject({ status: 401 });
  });

  it("answers 403 when the token's owner may not do it", async () => {
    const viewer = await ctx.member("viewer");
    const { token } = await createApiToken(ctx.prisma, viewer, { name: "read-only CI" });
    expect(await refusalOf(await authorizeRequest(post({ authorization: `Bearer ${token}` }), "upload"))).toMatchObject({ status: 403, error: expect.stringContaining("viewer") });
    expect(await authorizeRequest(get({ authorization: `Bearer ${token}` }), "read")).toMatchObject({ ok: true });
  });

  it("accepts a session from our own pages, and refuses it on a cross-site write", async () => {
    const reviewer = await ctx.member("reviewer");
    state.headers = new Headers({ cookie: await ctx.cookieFor(reviewer.email) });
    expect(await authorizeRequest(post({ "sec-fetch-site": "same-origin" }), "upload")).toMatchObject({ ok: true });
    expect(await refusalOf(await authorizeRequest(post({ "sec-fetch-site": "cross-site" }), "upload"))).toMatchObject({ status: 403, error: expect.stringContaining("Cross-site") });
    expect(await refusalOf(await authorizeRequest(post({ origin: "https://evil.example" }), "upload"))).toMatchObject({ status: 403 });
    // Reading is harmless cross-site: a browser does not let the other site see the answer.
    expect(await authorizeRequest(get({ "sec-fetch-site": "cross-site" }), "read")).toMatchObject({ ok: true });
  });
});
