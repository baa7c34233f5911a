import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "./api-token";
import { acceptInvitation, createInvitation, INVITATION_DAYS, invitationForToken, listInvitations, revokeInvitation, UNUSABLE_LINK } from "./invitations";
import { deactivateMember } from "./members";
import { signIn, WRONG_CREDENTIALS } from "./sign-in";
import { createAccountsTestContext, TEST_PASSWORD, type AccountsTestContext } from "./test-fixtures/accounts";
import { AppError } from "@/lib/platform/errors/app-error";

let ctx: AccountsTestContext;
let admin: { id: string };
beforeAll(async () => {
  ctx = await createAccountsTestContext("invitations");
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.member("admin", "Grace");
});

const DAY = 24 * 60 * 60 * 1000;
const accept = (token: string, now?: Date) => acceptInvitation(ctx.prisma, ctx.auth, { token, name: "Ben", password: TEST_PASSWORD }, now);

describe("createInvitation", () => {
  it("stores only the token's hash, for seven days", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const created = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "reviewer" }, now);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.expiresAt.getTime() - now.getTime()).toBe(INVITATION_DAYS * DAY);
    const row = await ctx.prisma.invitation.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it("refuses an email that already has an active account", async () => {
    const member = await ctx.member("viewer");
    await expect(createInvitation(ctx.prisma, admin, { email: member.email, role: "reviewer" })).rejects.toMatchObject({ details: { field: "email" } });
    expect(await ctx.prisma.invitation.count()).toBe(0);
  });

  it("revokes the older pending invitation when the same email is invited again", async () => {
    const first = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "viewer" });
    const second = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "reviewer" });
    expect(await invitationForToken(ctx.prisma, first.token)).toMatchObject({ found: true, status: "revoked" });
    expect(await invitationForToken(ctx.prisma, second.token)).toMatchObject({ found: true, status: "pending", role: "reviewer", invitedBy: "Grace" });
    await expect(accept(first.token)).rejects.toThrow(UNUSABLE_LINK.revoked);
  });
});

describe("invitationForToken", () => {
  it("knows unknown, pending and expired links", async () => {
    expect(await invitationForToken(ctx.prisma, "x".repeat(43))).toEqual({ found: false });
    const now = new Date();
    const { token } = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "viewer" }, now);
    expect(await invitationForToken(ctx.prisma, token, now)).toMatchObject({ status: "pending", email: "ben@example.com", role: "viewer" });
    expect(await invitationForToken(ctx.prisma, token, new Date(now.getTime() + 8 * DAY))).toMatchObject({ status: "expired" });
  });
});

describe("acceptInvitation", () => {
  it("creates the account with the invited role, signs in, and uses the link up", async () => {
    const { token } = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "reviewer" });
    const joined = await accept(token);
    expect(await ctx.prisma.user.findUniqueOrThrow({ where: { id: joined.userId } })).toMatchObject({ email: "ben@example.com", name: "Ben", role: "reviewer" });
    expect(await ctx.prisma.session.count({ where: { token: joined.sessionToken ?? "" } })).toBe(1);
    expect(await invitationForToken(ctx.prisma, token)).toMatchObject({ status: "accepted" });
    await expect(accept(token)).rejects.toThrow(UNUSABLE_LINK.accepted);
    expect(await ctx.prisma.user.count({ where: { email: "ben@example.com" } })).toBe(1);
  });

  it("lets only one of two simultaneous acceptances through", async () => {
    const { token } = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "reviewer" });
    const results = await Promise.allSettled([accept(token), accept(token)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(AppError) });
    expect(await ctx.prisma.user.count({ where: { email: "ben@example.com" } })).toBe(1);
  });

  it("refuses unknown, expired and withdrawn links, creating nobody", async () => {
    const now = new Date();
    await expect(accept("y".repeat(43))).rejects.toThrow(UNUSABLE_LINK.unknown);
    const expired = await createInvitation(ctx.prisma, admin, { email: "old@example.com", role: "viewer" }, new Date(now.getTime() - 8 * DAY));
    await expect(accept(expired.token, now)).rejects.toThrow(UNUSABLE_LINK.expired);
    const withdrawn = await createInvitation(ctx.prisma, admin, { email: "gone@example.com", role: "viewer" });
    await revokeInvitation(ctx.prisma, withdrawn.id);
    await expect(accept(withdrawn.token)).rejects.toThrow(UNUSABLE_LINK.revoked);
    expect(await ctx.prisma.user.count()).toBe(1);
  });

  it("gives the link back when the account cannot be made", async () => {
    const { token } = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "viewer" });
    await expect(acceptInvitation(ctx.prisma, ctx.auth, { token, name: "Ben", password: "short" })).rejects.toMatchObject({ details: { field: "password" } });
    expect(await invitationForToken(ctx.prisma, token)).toMatchObject({ status: "pending" });
    await expect(accept(token)).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it("refuses when the email got an account meanwhile, and keeps the link unused", async () => {
    const { token } = await createInvitation(ctx.prisma, admin, { email: "ben@example.com", role: "viewer" });
    await ctx.auth.api.signUpEmail({ body: { name: "Other Ben", email: "ben@example.com", password: TEST_PASSWORD } });
    await expect(accept(token)).rejects.toThrow(/already has an account/);
    expect(await invitationForToken(ctx.prisma, token)).toMatchObject({ status: "pending" });
  });

  it("brings a removed member back under the same account, with the new role and password", async () => {
    const member = await ctx.member("reviewer");
    await deactivateMember(ctx.prisma, admin, { userId: member.id });
    const { token } = await createInvitation(ctx.prisma, admin, { email: member.email, role: "viewer" });
    const joined = await acceptInvitation(ctx.prisma, ctx.auth, { token, name: "Back Again", password: "a brand new password" });
    expect(joined.userId).toBe(member.id);
    expect(await ctx.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ role: "viewer", name: "Back Again", deactivatedAt: null });
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: TEST_PASSWORD, address: "127.0.0.1" })).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(signIn(ctx.prisma, ctx.auth, { email: member.email, password: "a brand new password", address: "127.0.0.1" })).resolves.toMatchObject({ userId: member.id });
  });
});

describe("listInvitations and revokeInvitation", () => {
  it("lists unused invitations, marking the expired, and withdraws one exactly once", async () => {
    const now = new Date();
    const pending = await createInvitation(ctx.prisma, admin, { email: "a@example.com", role: "viewer" }, now);
    await createInvitation(ctx.prisma, admin, { email: "b@example.com", role: "reviewer" }, new Date(now.getTime() - 8 * DAY));
    const used = await createInvitation(ctx.prisma, admin, { email: "c@example.com", role: "viewer" }, now);
    await accept(used.token, now);
    const rows = await listInvitations(ctx.prisma, now);
    expect(rows.map((r) => [r.email, r.status, r.invitedBy])).toEqual([
      ["a@example.com", "pending", "Grace"],
      ["b@example.com", "expired", "Grace"],
    ]);
    await revokeInvitation(ctx.prisma, pending.id);
    await expect(revokeInvitation(ctx.prisma, pending.id)).rejects.toThrow(/already withdrawn/);
    await expect(revokeInvitation(ctx.prisma, used.id)).rejects.toThrow(/already been used/);
    await expect(revokeInvitation(ctx.prisma, "no-such-id")).rejects.toThrow(/no such invitation/);
    expect((await listInvitations(ctx.prisma, now)).map((r) => r.email)).toEqual(["b@example.com"]);
  });
});
