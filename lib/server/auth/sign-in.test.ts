import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAttemptLimiter } from "@/lib/auth/attempt-limiter";
import { deactivateMember } from "./members";
import { REMOVED_ACCOUNT, signIn, signOut, WRONG_CREDENTIALS } from "./sign-in";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-accounts";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("sign-in");
});
afterAll(() => ctx.cleanup());
beforeEach(() => ctx.reset());

describe("signIn", () => {
  it("starts a database session for the right password, whatever the email's case", async () => {
    const member = await ctx.member("reviewer");
    const result = await signIn(ctx.prisma, ctx.auth, { email: member.email.toUpperCase(), password: TEST_PASSWORD });
    expect(result.userId).toBe(member.id);
    expect(await ctx.prisma.session.findUnique({ where: { token: result.sessionToken ?? "" }, select: { userId: true } })).toEqual({ userId: member.id });
  });

  it("says the same for a wrong password and an unknown email, and starts no session", async () => {
    const member = await ctx.member("reviewer");
    const sessionsBefore = await ctx.prisma.session.count();
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password" })).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(signIn(ctx.prisma, ctx.auth, { email: "nobody@example.com", password: TEST_PASSWORD })).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(signIn(ctx.prisma, ctx.auth, { email: "not an email", password: TEST_PASSWORD })).rejects.toThrow(WRONG_CREDENTIALS);
    expect(await ctx.prisma.session.count()).toBe(sessionsBefore);
  });

  it("refuses a removed member with the right password, and only then says why", async () => {
    const admin = await ctx.member("admin");
    const member = await ctx.member("viewer");
    await deactivateMember(ctx.prisma, admin, { userId: member.id });
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD })).rejects.toThrow(REMOVED_ACCOUNT);
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password" })).rejects.toThrow(WRONG_CREDENTIALS);
    expect(await ctx.prisma.session.count({ where: { userId: member.id } })).toBe(0);
  });
});

describe("signIn after repeated wrong passwords", () => {
  it("refuses the email for a while, even with the right password, and tells how long; others are unaffected", async () => {
    const member = await ctx.member("reviewer");
    const other = await ctx.member("viewer");
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 15 * 60_000, maxKeys: 100 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password" }, limiter)).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const sessionsBefore = await ctx.prisma.session.count();
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email.toUpperCase(), password: TEST_PASSWORD }, limiter)).rejects.toThrow(
      "Too many wrong passwords for this email. Try again in 15 minutes.",
    );
    expect(await ctx.prisma.session.count()).toBe(sessionsBefore);
    expect((await signIn(ctx.prisma, ctx.auth, { email: other.email, password: TEST_PASSWORD }, limiter)).userId).toBe(other.id);
  });
});

describe("signOut", () => {
  it("deletes the session the cookie names, so the cookie no longer signs in", async () => {
    const member = await ctx.member("viewer");
    const cookie = await ctx.cookieFor(member.email);
    const headers = new Headers({ cookie });
    expect((await ctx.auth.api.getSession({ headers }))?.user.id).toBe(member.id);
    await signOut(ctx.auth, headers);
    expect(await ctx.auth.api.getSession({ headers })).toBeNull();
    expect(await ctx.prisma.session.count({ where: { userId: member.id } })).toBe(0);
  });

  it("does nothing without a session", async () => {
    await expect(signOut(ctx.auth, new Headers())).resolves.toBeUndefined();
  });
});
