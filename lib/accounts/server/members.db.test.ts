import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { userForSession, userForToken } from "./current-user";
import { createInvitation, invitationForToken } from "./invitations";
import { createApiToken } from "./manage-api-tokens";
import { deactivateMember, listMembers, setMemberRole } from "./members";
import { createAccountsTestContext, type AccountsTestContext } from "./test-fixtures/accounts";

let ctx: AccountsTestContext;
let admin: { id: string; email: string; name: string };
beforeAll(async () => {
  ctx = await createAccountsTestContext("members");
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.reset();
  admin = await ctx.member("admin", "Grace");
});

describe("setMemberRole", () => {
  it("changes the role, which the member's next request reads", async () => {
    const member = await ctx.member("viewer");
    const headers = new Headers({ cookie: await ctx.cookieFor(member.email) });
    expect(await userForSession(ctx.auth, headers)).toMatchObject({ role: "viewer" });
    expect(await setMemberRole(ctx.prisma, { userId: member.id, role: "reviewer" })).toEqual({ name: member.name, changed: true });
    expect(await userForSession(ctx.auth, headers)).toMatchObject({ role: "reviewer" });
    expect(await setMemberRole(ctx.prisma, { userId: member.id, role: "reviewer" })).toMatchObject({ changed: false });
  });

  it("never leaves zero active admins", async () => {
    await expect(setMemberRole(ctx.prisma, { userId: admin.id, role: "viewer" })).rejects.toThrow(/last admin/);
    const second = await ctx.member("admin");
    await setMemberRole(ctx.prisma, { userId: admin.id, role: "viewer" });
    await expect(setMemberRole(ctx.prisma, { userId: second.id, role: "reviewer" })).rejects.toThrow(/last admin/);
    expect(await ctx.prisma.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("refuses two admins demoting each other at once from leaving none", async () => {
    const second = await ctx.member("admin");
    const results = await Promise.allSettled([
      setMemberRole(ctx.prisma, { userId: admin.id, role: "viewer" }),
      setMemberRole(ctx.prisma, { userId: second.id, role: "viewer" }),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await ctx.prisma.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("refuses unknown and removed members", async () => {
    await expect(setMemberRole(ctx.prisma, { userId: "nobody", role: "viewer" })).rejects.toThrow(/no such member/);
    const member = await ctx.member("viewer");
    await deactivateMember(ctx.prisma, admin, { userId: member.id });
    await expect(setMemberRole(ctx.prisma, { userId: member.id, role: "reviewer" })).rejects.toThrow(/has been removed/);
  });
});

describe("deactivateMember", () => {
  it("ends sessions, revokes tokens and sent invitations, and keeps the account and its rows", async () => {
    const member = await ctx.member("admin", "Ben");
    const cookie = await ctx.cookieFor(member.email);
    const { token } = await createApiToken(ctx.prisma, member, { name: "CI" });
    const invitation = await createInvitation(ctx.prisma, member, { email: "new@example.com", role: "viewer" });
    const now = new Date();

    expect(await deactivateMember(ctx.prisma, admin, { userId: member.id }, now)).toEqual({ name: "Ben" });

    expect(await ctx.prisma.session.count({ where: { userId: member.id } })).toBe(0);
    expect(await ctx.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect(await userForToken(ctx.prisma, token)).toBeNull();
    expect(await ctx.prisma.apiToken.findMany({ where: { userId: member.id }, select: { revokedAt: true } })).toEqual([{ revokedAt: now }]);
    expect(await invitationForToken(ctx.prisma, invitation.token)).toMatchObject({ status: "revoked" });
    expect(await ctx.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ deactivatedAt: now, role: "admin" });
    expect(await userForSession(ctx.auth, new Headers({ cookie }))).toBeNull();
  });

  it("refuses a session that outlived the removal", async () => {
    const member = await ctx.member("reviewer");
    const headers = new Headers({ cookie: await ctx.cookieFor(member.email) });
    // As if the member signed in while being removed: the session row survived.
    await ctx.prisma.user.update({ where: { id: member.id }, data: { deactivatedAt: new Date() } });
    expect(await ctx.prisma.session.count({ where: { userId: member.id } })).toBe(1);
    expect(await userForSession(ctx.auth, headers)).toBeNull();
  });

  it("refuses removing the last admin, oneself, a removed member and an unknown id", async () => {
    const other = await ctx.member("reviewer");
    await expect(deactivateMember(ctx.prisma, other, { userId: admin.id })).rejects.toThrow(/last admin/);
    await expect(deactivateMember(ctx.prisma, admin, { userId: admin.id })).rejects.toThrow(/cannot remove yourself/);
    await deactivateMember(ctx.prisma, admin, { userId: other.id });
    await expect(deactivateMember(ctx.prisma, admin, { userId: other.id })).rejects.toThrow(/has been removed/);
    await expect(deactivateMember(ctx.prisma, admin, { userId: "nobody" })).rejects.toThrow(/no such member/);
    expect(await ctx.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ deactivatedAt: null });
  });
});

describe("listMembers", () => {
  it("lists active members by name, then removed ones", async () => {
    const zed = await ctx.member("viewer", "Zed");
    await ctx.member("reviewer", "Alan");
    const removed = await ctx.member("viewer", "Abe");
    await deactivateMember(ctx.prisma, admin, { userId: removed.id });
    expect((await listMembers(ctx.prisma)).map((m) => m.name)).toEqual(["Alan", "Grace", zed.name, "Abe"]);
  });
});
