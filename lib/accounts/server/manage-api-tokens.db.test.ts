import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "./api-token";
import { userForToken } from "./current-user";
import { createApiToken, listApiTokens, listOthersActiveTokens, MAX_ACTIVE_TOKENS, revokeApiToken } from "./manage-api-tokens";
import { createAccountsTestContext, type AccountsTestContext } from "./test-fixtures/accounts";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("api-tokens");
});
afterAll(() => ctx.cleanup());
beforeEach(() => ctx.reset());

const asActor = (member: { id: string }, role: "admin" | "reviewer" | "viewer") => ({ id: member.id, role });

describe("createApiToken", () => {
  it("returns the token once and stores only its hash and a prefix", async () => {
    const viewer = await ctx.member("viewer");
    const created = await createApiToken(ctx.prisma, viewer, { name: "CI" });
    expect(created.token).toMatch(/^cb_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const row = await ctx.prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(await userForToken(ctx.prisma, created.token)).toMatchObject({ id: viewer.id, role: "viewer", via: "token" });
  });

  it("lists a person's tokens without any secret, active first", async () => {
    const viewer = await ctx.member("viewer");
    const old = await createApiToken(ctx.prisma, viewer, { name: "old" });
    await createApiToken(ctx.prisma, viewer, { name: "new" });
    await revokeApiToken(ctx.prisma, asActor(viewer, "viewer"), { id: old.id });
    const rows = await listApiTokens(ctx.prisma, viewer.id);
    expect(rows.map((r) => [r.name, r.revokedAt === null])).toEqual([["new", true], ["old", false]]);
    expect(Object.keys(rows[0] ?? {})).not.toContain("tokenHash");
  });

  it("caps the active tokens per person", async () => {
    const viewer = await ctx.member("viewer");
    await ctx.prisma.apiToken.createMany({
      data: Array.from({ length: MAX_ACTIVE_TOKENS }, (_, i) => ({ userId: viewer.id, name: `t${i}`, prefix: "cb_x", tokenHash: `hash-${i}` })),
    });
    await expect(createApiToken(ctx.prisma, viewer, { name: "one more" })).rejects.toMatchObject({ details: { field: "name" } });
  });
});

describe("revokeApiToken", () => {
  it("stops the token at once; a second revocation says so", async () => {
    const reviewer = await ctx.member("reviewer");
    const created = await createApiToken(ctx.prisma, reviewer, { name: "laptop" });
    await revokeApiToken(ctx.prisma, asActor(reviewer, "reviewer"), { id: created.id });
    expect(await userForToken(ctx.prisma, created.token)).toBeNull();
    await expect(revokeApiToken(ctx.prisma, asActor(reviewer, "reviewer"), { id: created.id })).rejects.toThrow(/already revoked/);
  });

  it("lets people revoke only their own tokens, and admins anyone's", async () => {
    const owner = await ctx.member("reviewer");
    const other = await ctx.member("reviewer");
    const admin = await ctx.member("admin");
    const created = await createApiToken(ctx.prisma, owner, { name: "CI" });
    await expect(revokeApiToken(ctx.prisma, asActor(other, "reviewer"), { id: created.id })).rejects.toThrow(/no such token/);
    expect(await userForToken(ctx.prisma, created.token)).not.toBeNull();
    expect((await listOthersActiveTokens(ctx.prisma, admin.id)).map((t) => t.owner.id)).toEqual([owner.id]);
    await revokeApiToken(ctx.prisma, asActor(admin, "admin"), { id: created.id });
    expect(await userForToken(ctx.prisma, created.token)).toBeNull();
    await expect(revokeApiToken(ctx.prisma, asActor(admin, "admin"), { id: "unknown" })).rejects.toThrow(/no such token/);
  });

  it("an unknown token finds nobody", async () => {
    expect(await userForToken(ctx.prisma, "cb_not-a-real-token")).toBeNull();
  });
});
