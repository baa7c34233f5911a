import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_NAME, ensureAdminToken } from "./admin-token";
import { newApiToken } from "./api-token";
import { userForToken } from "./current-user";
import { bootstrapAdmin } from "./first-admin";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-fixtures/accounts";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("admin-token");
});
afterAll(() => ctx.cleanup());
beforeEach(() => ctx.reset());

const ada = { name: "Ada", email: "ada@example.com", password: TEST_PASSWORD };
const TOKEN = `cb_${"7f".repeat(32)}`;

describe("ensureAdminToken", () => {
  it("stores the token for the start-up admin, hashed, usable at once, once however often it runs", async () => {
    await bootstrapAdmin(ctx.prisma, ctx.auth, ada);
    expect(await ensureAdminToken(ctx.prisma, " Ada@Example.com", TOKEN)).toEqual({ outcome: "created", replaced: 0 });
    expect(await ensureAdminToken(ctx.prisma, ada.email, TOKEN)).toEqual({ outcome: "exists" });

    const rows = await ctx.prisma.apiToken.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: ADMIN_TOKEN_NAME, prefix: TOKEN.slice(0, 9), revokedAt: null });
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(await userForToken(ctx.prisma, TOKEN)).toMatchObject({ email: ada.email, role: "admin", via: "token" });
  });

  it("keeps a revocation, and a new value replaces the token the variable held before", async () => {
    await bootstrapAdmin(ctx.prisma, ctx.auth, ada);
    await ensureAdminToken(ctx.prisma, ada.email, TOKEN);
    await ctx.prisma.apiToken.updateMany({ data: { revokedAt: new Date() } });
    expect(await ensureAdminToken(ctx.prisma, ada.email, TOKEN)).toEqual({ outcome: "revoked" });
    expect(await userForToken(ctx.prisma, TOKEN)).toBeNull();

    const second = newApiToken().token;
    expect(await ensureAdminToken(ctx.prisma, ada.email, second)).toEqual({ outcome: "created", replaced: 0 });
    const third = newApiToken().token;
    expect(await ensureAdminToken(ctx.prisma, ada.email, third)).toEqual({ outcome: "created", replaced: 1 });
    expect(await userForToken(ctx.prisma, second)).toBeNull();
    expect(await userForToken(ctx.prisma, third)).toMatchObject({ email: ada.email });
  });

  it("leaves tokens the admin made by hand alone", async () => {
    await bootstrapAdmin(ctx.prisma, ctx.auth, ada);
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { email: ada.email } });
    const own = newApiToken();
    await ctx.prisma.apiToken.create({ data: { userId: user.id, name: "laptop", prefix: own.prefix, tokenHash: own.tokenHash } });
    await ensureAdminToken(ctx.prisma, ada.email, TOKEN);
    expect(await userForToken(ctx.prisma, own.token)).not.toBeNull();
  });

  it("makes nothing when the start-up admin does not exist, and refuses another member's token", async () => {
    expect(await ensureAdminToken(ctx.prisma, ada.email, TOKEN)).toEqual({ outcome: "no-admin" });
    expect(await ctx.prisma.apiToken.count()).toBe(0);

    const other = await ctx.member("reviewer");
    const theirs = newApiToken();
    await ctx.prisma.apiToken.create({ data: { userId: other.id, name: "ci", prefix: theirs.prefix, tokenHash: theirs.tokenHash } });
    // Ada exists, but not as the first account (someone else set Callboard up).
    await ctx.prisma.user.create({ data: { name: "Ada", email: ada.email, role: "admin" } });
    await expect(ensureAdminToken(ctx.prisma, ada.email, theirs.token)).rejects.toThrow(/already another member's token/);
  });
});
