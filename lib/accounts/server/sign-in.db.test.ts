import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";
import { createPrisma } from "@/lib/platform/db/client";
import { deactivateMember } from "./members";
import { REMOVED_ACCOUNT, signIn as signInAt, signOut, WRONG_CREDENTIALS } from "./sign-in";
import { listSignInBlocks, unlockSignIn } from "./sign-in-throttle";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-fixtures/accounts";

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
const signIn = (prisma: PrismaClient, auth: Auth, input: { email: string; password: string; address?: string; device?: string }, now?: () => Date) =>
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

  it("refuses an email for 15 minutes after 10 wrong passwords from anywhere, even with the right one, to clients that have failed; others are unaffected", async () => {
    const member = await ctx.member("reviewer");
    const other = await ctx.member("viewer");
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong, address: `198.51.100.${i}` }, at(i * 1000))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const sessionsBefore = await ctx.prisma.session.count();
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email.toUpperCase(), password: TEST_PASSWORD, address: "198.51.100.3" }, at(10_000))).rejects.toThrow(
      "Too many wrong passwords for this email. Try again in 15 minutes.",
    );
    expect(await ctx.prisma.session.count()).toBe(sessionsBefore);
    expect((await signIn(ctx.prisma, ctx.auth, { email: other.email, password: TEST_PASSWORD, address: "198.51.100.3" }, at(10_000))).userId).toBe(other.id);
    // The lock ends on its own.
    expect((await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, address: "198.51.100.3" }, at(9_000 + 15 * 60_000 + 1))).userId).toBe(member.id);
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

  it("clears no count on a right password, neither the email's nor the address's", async () => {
    const member = await ctx.member("reviewer");
    for (let i = 0; i < 9; i += 1) await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong }, at(i))).rejects.toThrow(WRONG_CREDENTIALS);
    await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(10));
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: wrong }, at(11))).rejects.toThrow(WRONG_CREDENTIALS);
    expect(await ctx.prisma.signInThrottle.findUnique({ where: { key: `email:${member.email}` } })).toMatchObject({ failures: 10, blockedUntil: at(11 + 15 * 60_000)() });
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

describe("a stranger guessing at an account cannot keep its owner out", () => {
  const at = (ms: number) => () => new Date(Date.UTC(2026, 0, 1) + ms);
  const failed = (error: unknown) => error instanceof Error && error.message === WRONG_CREDENTIALS;
  const throttleRow = (key: string) => ctx.prisma.signInThrottle.findUnique({ where: { key } });

  it("from many addresses, 25 guesses each whenever the delay lapses: the admin's right password is never refused, and the guesses stay few", async () => {
    const admin = await ctx.member("admin");
    // The admin's browser signs in once before the attack, so it holds a device cookie.
    const first = await signIn(ctx.prisma, ctx.auth, { email: admin.email, password: TEST_PASSWORD }, at(0));
    let device = first.deviceCookie;
    const END = 40 * 60_000;
    let t = 60_000;
    let attackerAt = t;
    let adminAt = t + 5_000;
    let addressNumber = 0;
    let onAddress = 0;
    let guesses = 0;
    let adminSignIns = 0;
    const refusedAdmin: string[] = [];
    while (t < END) {
      if (adminAt <= attackerAt) {
        t = adminAt;
        adminSignIns += 1;
        // Every other sign-in from a fresh client with no cookie (a new network), the others from
        // the trusted browser behind the attacker's own current address (a shared NAT).
        const fromDevice = adminSignIns % 2 === 0;
        const input = fromDevice
          ? { email: admin.email, password: TEST_PASSWORD, address: `198.51.100.${addressNumber}`, device }
          : { email: admin.email, password: TEST_PASSWORD, address: `192.0.2.${100 + adminSignIns}` };
        try {
          const result = await signIn(ctx.prisma, ctx.auth, input, at(t));
          if (fromDevice) device = result.deviceCookie;
        } catch (error) {
          refusedAdmin.push(`${Math.round(t / 1000)} s, ${fromDevice ? "trusted browser" : "fresh client"}: ${error instanceof Error ? error.message : String(error)}`);
        }
        adminAt = t + 150_000;
        continue;
      }
      t = attackerAt;
      const address = `198.51.100.${addressNumber}`;
      try {
        await signIn(ctx.prisma, ctx.auth, { email: admin.email, password: `guess ${guesses}`, address }, at(t));
        throw new Error("a guess succeeded");
      } catch (error) {
        if (failed(error)) {
          guesses += 1;
          onAddress += 1;
          if (onAddress === 25) {
            addressNumber += 1;
            onAddress = 0;
          }
          attackerAt = t + 100;
        } else {
          if (!(error instanceof Error) || !/Too many wrong passwords/.test(error.message)) throw error;
          // The attacker learns nothing but the wait; retry the moment the refusing lock lapses.
          const key = /for this email/.test(error.message) ? `email:${admin.email}` : `address:${address}`;
          const until = (await throttleRow(key))?.blockedUntil?.getTime() ?? 0;
          attackerAt = Math.max(t + 1, until - Date.UTC(2026, 0, 1));
        }
      }
    }
    expect(refusedAdmin).toEqual([]);
    expect(adminSignIns).toBeGreaterThanOrEqual(15);
    // Account-wide: 10 untrusted guesses per 15 minutes, plus the first guess of each new address.
    expect(addressNumber).toBeGreaterThanOrEqual(1);
    expect(guesses).toBeLessThanOrEqual(10 * Math.ceil(END / (15 * 60_000)) + addressNumber + 1);
  }, 180_000);

  it("does not clear the strangers' count when the owner signs in: no fresh guesses for them", async () => {
    const admin = await ctx.member("admin");
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: admin.email, password: "wrong password", address: `203.0.113.${i}` }, at(i * 100))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    const before = await throttleRow(`email:${admin.email}`);
    // The admin, from a client that has not failed, a little later.
    expect((await signIn(ctx.prisma, ctx.auth, { email: admin.email, password: TEST_PASSWORD, address: "192.0.2.50" }, at(5_000))).userId).toBe(admin.id);
    expect(await throttleRow(`email:${admin.email}`)).toEqual(before);
    // The stranger's next guess, from an address that has failed, is still refused.
    await expect(signIn(ctx.prisma, ctx.auth, { email: admin.email, password: "wrong again", address: "203.0.113.0" }, at(6_000))).rejects.toThrow(/for this email/);
  });

  it("lets a trusted browser in with the right password even when its address and the account are locked by others", async () => {
    const member = await ctx.member("reviewer");
    const { deviceCookie } = await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(0));
    // Others behind the same address fail 30 times at this and other emails: both are locked.
    for (let i = 0; i < 30; i += 1) {
      const email = i < 10 ? member.email : `guess${i}@example.com`;
      await expect(signIn(ctx.prisma, ctx.auth, { email, password: "wrong password" }, at(1_000 + i))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(2_000))).rejects.toThrow(/network address/);
    expect((await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, device: deviceCookie }, at(2_000))).userId).toBe(member.id);
  });

  it("counts a trusted browser's wrong passwords against that browser, not the account; after 10 it is trusted no more", async () => {
    const member = await ctx.member("reviewer");
    const { deviceCookie } = await signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD }, at(0));
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password", device: deviceCookie }, at(1_000 + i))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    expect(await throttleRow(`email:${member.email}`)).toBeNull();
    // Untrusted now: its wrong passwords count against the account as any stranger's.
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password", device: deviceCookie }, at(2_000))).rejects.toThrow(WRONG_CREDENTIALS);
    expect(await throttleRow(`email:${member.email}`)).toMatchObject({ failures: 1 });
  });

  it("trusts a device cookie only for the account it was made for", async () => {
    const member = await ctx.member("reviewer");
    const other = await ctx.member("viewer");
    const { deviceCookie } = await signIn(ctx.prisma, ctx.auth, { email: other.email, password: TEST_PASSWORD }, at(0));
    for (let i = 0; i < 10; i += 1) {
      await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "wrong password" }, at(1_000 + i))).rejects.toThrow(WRONG_CREDENTIALS);
    }
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, device: deviceCookie }, at(2_000))).rejects.toThrow(/for this email/);
    const [id, issued] = deviceCookie.split(".");
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, device: `${id}.${issued}.forged` }, at(2_000))).rejects.toThrow(/for this email/);
  });
});
