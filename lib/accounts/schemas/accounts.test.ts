import { describe, expect, it } from "vitest";
import { acceptInvitationSchema, createApiTokenSchema, firstAdminSchema, inviteMemberSchema, setMemberRoleSchema, signInSchema } from "./accounts";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("account form schemas", () => {
  it("normalise emails so the same person is found whatever the case", () => {
    expect(inviteMemberSchema.parse({ email: "  Ada@Example.COM ", role: "viewer" })).toEqual({ email: "ada@example.com", role: "viewer" });
    expect(signInSchema.parse({ email: " Ada@Example.com", password: "x" }).email).toBe("ada@example.com");
  });

  it("name each bad field with a sentence", () => {
    expect(messages(inviteMemberSchema.safeParse({ email: "ada", role: "owner" }))).toEqual({
      email: "Enter a valid email address, like ada@example.com.",
      role: "The role must be one of admin, reviewer, viewer.",
    });
    expect(messages(firstAdminSchema.safeParse({ email: "", name: " ", password: "short", confirmPassword: "short" }))).toEqual({
      email: "Enter an email address.",
      name: "Enter a name.",
      password: "A password has at least 8 characters.",
    });
    expect(messages(signInSchema.safeParse({ email: "", password: "" }))).toEqual({ email: "Enter your email address.", password: "Enter your password." });
    expect(messages(createApiTokenSchema.safeParse({ name: "  " }))).toEqual({ name: expect.stringContaining("Name the token") });
    expect(messages(setMemberRoleSchema.safeParse({ userId: "", role: "admin" }))).toEqual({ userId: "Unknown item." });
  });

  it("want a new password typed twice alike", () => {
    const input = { token: "a".repeat(43), name: "Ben", password: "long enough", confirmPassword: "long enuogh" };
    expect(messages(acceptInvitationSchema.safeParse(input))).toEqual({ confirmPassword: "The two passwords differ." });
    expect(acceptInvitationSchema.safeParse({ ...input, confirmPassword: "long enough" }).success).toBe(true);
  });

  it("refuse what cannot be an invitation token, and overlong input", () => {
    expect(messages(acceptInvitationSchema.safeParse({ token: "../../etc", name: "Ben", password: "long enough", confirmPassword: "long enough" }))).toEqual({
      token: "This invitation link is not valid.",
    });
    expect(firstAdminSchema.safeParse({ email: "a@b.co", name: "x".repeat(101), password: "p".repeat(257), confirmPassword: "p".repeat(257) }).error?.issues.map((i) => i.path[0])).toEqual([
      "name",
      "password",
    ]);
  });
});
