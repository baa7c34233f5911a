import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootstrapAdmin, createFirstAdmin } from "./first-admin";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-fixtures/accounts";
import { AppError } from "@/lib/platform/errors/app-error";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("first-admin");
});
afterAll(() => ctx.cleanup());
beforeEach(() => ctx.reset());

const ada = { name: "Ada", email: "ada@example.com", password: TEST_PASSWORD };

describe("createFirstAdmin", () => {
  it("makes the first account an admin with a database session and a hashed password", async () => {
    const result = await createFirstAdmin(ctx.prisma, ctx.auth, ada);
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: result.userId }, include: { accounts: true, sessions: true } });
    expect(user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "admin", deactivatedAt: null });
    expect(user.sessions.map((s) => s.token)).toEqual([result.sessionToken]);
    const password = user.accounts[0]?.password ?? "";
    expect(password).not.toContain(TEST_PASSWORD);
    expect(password.length).toBeGreaterThan(40);
  });

  it("is refused once anyone exists, and creates nobody", async () => {
    await createFirstAdmin(ctx.prisma, ctx.auth, ada);
    await expect(createFirstAdmin(ctx.prisma, ctx.auth, { ...ada, email: "eve@example.com" })).rejects.toThrow(/already set up/);
    expect(await ctx.prisma.user.count()).toBe(1);
  });

  it("keeps only one of two simultaneous first accounts, as the admin", async () => {
    const results = await Promise.allSettled([
      createFirstAdmin(ctx.prisma, ctx.auth, ada),
      createFirstAdmin(ctx.prisma, ctx.auth, { ...ada, name: "Eve", email: "eve@example.com" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    if (refused) expect(refused.reason).toBeInstanceOf(AppError);
    expect(await ctx.prisma.user.findMany({ select: { role: true } })).toEqual([{ role: "admin" }]);
  });

  it("turns Better Auth's refusals into messages on the field, creating nobody", async () => {
    await expect(createFirstAdmin(ctx.prisma, ctx.auth, { ...ada, password: "short" })).rejects.toMatchObject({ details: { field: "password" } });
    await expect(createFirstAdmin(ctx.prisma, ctx.auth, { ...ada, email: "not-an-email" })).rejects.toMatchObject({ details: { field: "email" } });
    expect(await ctx.prisma.user.count()).toBe(0);
  });
});

describe("bootstrapAdmin", () => {
  it("creates the admin once, leaves no session behind, and does nothing afterwards", async () => {
    expect(await bootstrapAdmin(ctx.prisma, ctx.auth, ada)).toBe("created");
    expect(await bootstrapAdmin(ctx.prisma, ctx.auth, { ...ada, email: "other@example.com" })).toBe("exists");
    expect(await ctx.prisma.user.findMany({ select: { email: true, role: true } })).toEqual([{ email: "ada@example.com", role: "admin" }]);
    expect(await ctx.prisma.session.count()).toBe(0);
  });
});
