import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";

// The action reads the request's headers and cookies and the app's database and auth: point them at a test file.
interface SetCookie {
  value: string;
  options: unknown;
}
const state = vi.hoisted(() => ({
  headers: new Headers(),
  sent: new Map<string, string>(),
  set: new Map<string, SetCookie>(),
  ctx: undefined as AccountsTestContext | undefined,
}));
vi.mock("next/headers", () => ({
  headers: async () => state.headers,
  cookies: async () => ({
    get: (name: string) => (state.sent.has(name) ? { name, value: state.sent.get(name) } : undefined),
    set: (name: string, value: string, options: unknown) => state.set.set(name, { value, options }),
  }),
}));
vi.mock("next/navigation", () => ({
  // With Next's digest, so the action client lets it through as a navigation, as it does the real one.
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
}));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const { signInAction } = await import("./sign-in");
const { createAccountsTestContext, TEST_PASSWORD } = await import("@/lib/accounts/server/test-fixtures/accounts");
const { PEER_HEADER } = await import("@/lib/accounts/client-address");

let ctx: AccountsTestContext;
beforeAll(async () => {
  ctx = await createAccountsTestContext("sign-in-device");
  state.ctx = ctx;
});
afterAll(() => ctx.cleanup());
beforeEach(async () => {
  await ctx.prisma.signInThrottle.deleteMany();
  state.headers = new Headers({ [PEER_HEADER]: "198.51.100.7" });
  state.sent = new Map();
  state.set = new Map();
});

const form = (email: string, password: string) => {
  const data = new FormData();
  data.set("email", email);
  data.set("password", password);
  data.set("next", "/runs");
  return data;
};

describe("the sign-in action's device cookie", () => {
  it("is set on a right password: HttpOnly, SameSite=Lax, not Secure over http, for 180 days", async () => {
    const member = await ctx.member("viewer");
    await expect(signInAction(null, form(member.email, TEST_PASSWORD))).rejects.toThrow(/^redirect \/runs$/);
    expect([...state.set.keys()]).toEqual(["callboard.device"]);
    expect(state.set.get("callboard.device")?.options).toEqual({ httpOnly: true, sameSite: "lax", secure: false, path: "/", maxAge: 180 * 24 * 60 * 60 });
  });

  it("is not set on a wrong password", async () => {
    const member = await ctx.member("viewer");
    expect(await signInAction(null, form(member.email, "wrong password"))).toMatchObject({ ok: false, message: "Wrong email or password." });
    expect(state.set.size).toBe(0);
  });

  it("lets the browser that holds it in while strangers at its own address have locked the account; a browser without it is refused", async () => {
    const member = await ctx.member("reviewer");
    await expect(signInAction(null, form(member.email, TEST_PASSWORD))).rejects.toThrow(/^redirect/);
    const device = state.set.get("callboard.device")?.value ?? "";
    for (let i = 0; i < 10; i += 1) {
      expect(await signInAction(null, form(member.email, `guess ${i}`))).toMatchObject({ message: "Wrong email or password." });
    }
    expect(await signInAction(null, form(member.email, TEST_PASSWORD))).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many wrong passwords for this email/) });
    state.sent.set("callboard.device", device);
    await expect(signInAction(null, form(member.email, TEST_PASSWORD))).rejects.toThrow(/^redirect \/runs$/);
  });
});
