import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";
import { ADMIN_MAX_DELAY_MS } from "@/lib/auth/sign-in-throttle";
import { createPrisma } from "../db/client";
import { deactivateMember } from "./members";
import { REMOVED_ACCOUNT, signIn as signInAt, signOut, WRONG_CREDENTIALS } from "./sign-in";
import { listSignInBlocks, unlockSignIn } from "./sign-in-throttle";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-accounts";

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("sign-in");
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.reset();
  await ctx.prisma.signInThrottle.deleteMany();
});

const HOME = "192.0.2.10";
/** Sign-in from HOME unless the test says otherwise. */
const signIn = (prisma: PrismaClient, auth: Auth, input: { email: string; password: string; address?: string }, now?: () => Date) =>
  signInAt(prisma, auth, { address: HOME, ...input }, now);

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
  const wrong = "wrong password";
  const at = (ms: number) => () => new Date(Date.UTC(2026, 0, 1) + ms);

  it("refuses an email for 15 minutes after 10 wrong passwords from anywhere, even with the right one; others are unaffected", async () => {
    const member = await ctx.member("reviewer");
    const other = await ctx.member("viewer");
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong, address: `198.51.100.${i}` }, at(i * 1000))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const sessionsBefore = await ctx.prisma.session.count();
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email.toUpperCase(), password: TEST_PASSWORD }, at(10_000))).rejects.toThrow(
      "Too many wrong passwords for this email. Try again in 15 minutes.",
    );
    expect(await ctx.prisma.session.count()).toBe(sessionsBefore);
    expect((await signIn(ctx.prisma, ctx.auth, { email: other.email, password: TEST_PASSWORD }, at(10_000))).userId).toBe(other.id);
    // The lock ends on its own.
    expect((await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(9_000 + 15 * 60_000 + 1))).userId).toBe(member.id);
  });

  it("refuses an address after 30 wrong passwords, whatever the emails, and only that address", async () => {
    const member = await ctx.member("reviewer");
    for (let i = 0; i < 30; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: `guess${i}@example.com`, password: wrong, address: "203.0.113.5" }, at(i))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, address: "203.0.113.5" }, at(100))).rejects.toThrow(
      "Too many wrong passwords from your network address. Try again in 15 minutes.",
    );
    expect((await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(100))).userId).toBe(member.id);
  });

  it("only slows an admin's email down: a growing wait, never more than 30 s, and the admin gets in", async () => {
    const admin = await ctx.member("admin");
    let t = 0;
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: admin.email, password: wrong, address: `198.51.100.${i}` }, at(t++))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    // A stranger keeps guessing from many addresses, each time as soon as allowed.
    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const row = await ctx.prisma.signInThrottle.findUniqueOrThrow({ where: { key: `email:${admin.email}` } });
      const wait = (row.blockedUntil?.getTime() ?? 0) - at(t)().getTime();
      waits.push(Math.round(wait / 1000));
      await expect(signIn(ctx.prisma, ctx.auth, { email: admin.email, password: TEST_PASSWORD }, at(t))).rejects.toThrow(/for this email\. Try again in \d+ seconds?\./);
      t += wait;
      await expect(signIn(ctx.prisma, ctx.auth, { email: admin.email, password: wrong, address: `203.0.113.${i}` }, at(t))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    const row = await ctx.prisma.signInThrottle.findUniqueOrThrow({ where: { key: `email:${admin.email}` } });
    expect((row.blockedUntil?.getTime() ?? 0) - at(t)().getTime()).toBeLessThanOrEqual(ADMIN_MAX_DELAY_MS);
    expect((await signIn(ctx.prisma, ctx.auth, { email: admin.email, password: TEST_PASSWORD }, at(t + ADMIN_MAX_DELAY_MS))).userId).toBe(admin.id);
  });

  it("remembers the counts across a restart: a new client on the same database file refuses the same email", async () => {
    const member = await ctx.member("reviewer");
    for (let i = 0; i < 10; i += 1) await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong }, at(i))).rejects.toThrow(WRONG_CREDENTIALS);
    const restarted = createPrisma(ctx.url);
    try {
      await expect(signIn(restarted, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(120_000))).rejects.toThrow(/Try again in 14 minutes/);
    } finally {
      await restarted.$disconnect();
    }
  });

  it("lets an admin unlock an email or an address, and nobody else", async () => {
    const admin = await ctx.member("admin");
    const member = await ctx.member("reviewer");
    // 10 at the member's email (which locks it), 20 more at other emails (which locks the address).
    for (let i = 0; i < 30; i += 1) {
      const email = i < 10 ? member.email : `guess${i}@example.com`;
      await expect(signIn(ctx.prisma, ctx.auth, { email, password: wrong, address: "203.0.113.9" }, at(i))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const blocks = await listSignInBlocks(ctx.prisma, at(100)());
    expect(blocks.map((b) => [b.kind, b.value]).sort()).toEqual([["address", "203.0.113.9"], ["email", member.email]]);
    await expect(unlockSignIn(ctx.prisma, { role: "reviewer" }, { key: `email:${member.email}` })).rejects.toThrow("Only an admin can unlock sign-in.");
    await unlockSignIn(ctx.prisma, { role: "admin" }, { key: `email:${member.email}` });
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, address: "203.0.113.9" }, at(200))).rejects.toThrow(/network address/);
    await unlockSignIn(ctx.prisma, { role: "admin" }, { key: "address:203.0.113.9" });
    expect((await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, address: "203.0.113.9" }, at(300))).userId).toBe(member.id);
    expect(await listSignInBlocks(ctx.prisma, at(300)())).toEqual([]);
    expect(admin.id).toBeTruthy();
  });

  it("clears an email's count on a right password, but not its address's", async () => {
    const member = await ctx.member("reviewer");
    for (let i = 0; i < 9; i += 1) await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong }, at(i))).rejects.toThrow(WRONG_CREDENTIALS);
    await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(10));
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong }, at(11))).rejects.toThrow(WRONG_CREDENTIALS);
    expect(await ctx.prisma.signInThrottle.findUnique({ where: { key: `email:${member.email}` } })).toMatchObject({ failures: 1, blockedUntil: null });
    expect(await ctx.prisma.signInThrottle.findUnique({ where: { key: `address:${HOME}` } })).toMatchObject({ failures: 10 });
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
