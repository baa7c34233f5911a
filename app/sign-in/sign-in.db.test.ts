import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";

// The page and its action read the request's headers and the app's database and auth: point them at a test file.
const state = vi.hoisted(() => ({ headers: new Headers(), ctx: undefined as AccountsTestContext | undefined }));
// The action also reads and sets cookies (the device cookie): an empty jar that takes what is set.
vi.mock("next/headers", () => {
  const jar = new Map<string, string>();
  return {
    headers: async () => state.headers,
    cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined), set: (name: string, value: string) => void jar.set(name, value) }),
  };
});
vi.mock("next/navigation", () => ({
  // With Next's digest, so the action client lets it through as a navigation, as it does the real one.
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { digest: `NEXT_REDIRECT;replace;${to};307;` });
  },
  forbidden: () => {
    throw new Error("forbidden");
  },
}));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const { default: SignInPage } = await import("./page");
const { signInAction } = await import("@/lib/accounts/actions/sign-in");
const { createAccountsTestContext, TEST_PASSWORD } = await import("@/lib/accounts/server/test-fixtures/accounts");

let ctx: AccountsTestContext;
let member: { email: string };
beforeAll(async () => {
  ctx = await createAccountsTestContext("sign-in-route");
  state.ctx = ctx;
  member = await ctx.member("viewer");
});
afterAll(() => ctx.cleanup());
beforeEach(() => {
  state.headers = new Headers();
});

// Issue 31: each of these answered 307 with `Location: //evil.example/phish`.
const OFF_SITE = [
  "/.//evil.example/phish",
  "/..//evil.example/phish",
  "/%2e%2e//evil.example/phish",
  "/a/..//evil.example/phish",
  "//evil.example/phish",
  "/\\evil.example/phish",
  "/%5cevil.example/phish",
  "/%2f%2fevil.example/phish",
  "/\t/evil.example/phish",
  "https://evil.example/phish",
];

describe("the sign-in page, for someone signed in", () => {
  beforeEach(async () => {
    state.headers = new Headers({ cookie: await ctx.cookieFor(member.email) });
  });

  it.each(OFF_SITE)("sends %j to the overview, not off the site", async (next) => {
    await expect(SignInPage({ searchParams: Promise.resolve({ next }) })).rejects.toThrow(/^redirect \/$/);
  });

  it("sends them on to a path of this site", async () => {
    await expect(SignInPage({ searchParams: Promise.resolve({ next: "/runs/abc?sort=score" }) })).rejects.toThrow(/^redirect \/runs\/abc\?sort=score$/);
  });
});

describe("the sign-in action", () => {
  const form = (next: string) => {
    const data = new FormData();
    data.set("email", member.email);
    data.set("password", TEST_PASSWORD);
    data.set("next", next);
    return data;
  };

  it.each(OFF_SITE)("sends %j to the overview after signing in", async (next) => {
    await expect(signInAction(null, form(next))).rejects.toThrow(/^redirect \/$/);
  });

  it("sends them on to a path of this site", async () => {
    await expect(signInAction(null, form("/runs/abc"))).rejects.toThrow(/^redirect \/runs\/abc$/);
  });
});
