import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccountsTestContext, type AccountsTestContext } from "./test-fixtures/accounts";
import { createApiToken, revokeApiToken } from "./manage-api-tokens";
import { deactivateMember, setMemberRole } from "./members";
import { cachedUserForToken, TOKEN_CACHE_TTL_MS } from "./token-cache";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("token-cache");
});
afterAll(() => ctx.cleanup());
beforeEach(() => ctx.reset());

describe("cachedUserForToken", () => {
  it("answers from memory within the TTL, and asks the database again after it", async () => {
    const reviewer = await ctx.member("reviewer");
    const { token } = await createApiToken(ctx.prisma, reviewer, { name: "CI" });
    const now = Date.now();
    expect(await cachedUserForToken(ctx.prisma, token, now)).toMatchObject({ id: reviewer.id, role: "reviewer", via: "token" });
    // Revoked behind this process's back (another app server): believed until the entry expires.
    await ctx.prisma.apiToken.updateMany({ data: { revokedAt: new Date() } });
    expect(await cachedUserForToken(ctx.prisma, token, now + TOKEN_CACHE_TTL_MS - 1)).toMatchObject({ id: reviewer.id });
    expect(await cachedUserForToken(ctx.prisma, token, now + TOKEN_CACHE_TTL_MS)).toBeNull();
  });

  it("forgets a token revoked, a member removed or given another role here at once", async () => {
    const admin = await ctx.member("admin");
    const reviewer = await ctx.member("reviewer");
    const first = await createApiToken(ctx.prisma, reviewer, { name: "first" });
    const second = await createApiToken(ctx.prisma, reviewer, { name: "second" });
    expect(await cachedUserForToken(ctx.prisma, first.token)).toMatchObject({ role: "reviewer" });
    await revokeApiToken(ctx.prisma, { id: reviewer.id, role: "reviewer" }, { id: first.id });
    expect(await cachedUserForToken(ctx.prisma, first.token)).toBeNull();

    expect(await cachedUserForToken(ctx.prisma, second.token)).toMatchObject({ role: "reviewer" });
    await setMemberRole(ctx.prisma, { userId: reviewer.id, role: "viewer" });
    expect(await cachedUserForToken(ctx.prisma, second.token)).toMatchObject({ role: "viewer" });
    await deactivateMember(ctx.prisma, admin, { userId: reviewer.id });
    expect(await cachedUserForToken(ctx.prisma, second.token)).toBeNull();
  });

  it("never remembers an unknown token: one made a moment later works at once", async () => {
    expect(await cachedUserForToken(ctx.prisma, "cb_not-a-real-token")).toBeNull();
    const reviewer = await ctx.member("reviewer");
    const { token } = await createApiToken(ctx.prisma, reviewer, { name: "new" });
    expect(await cachedUserForToken(ctx.prisma, token)).toMatchObject({ id: reviewer.id });
  });
});
