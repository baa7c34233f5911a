import { expect, test, type Page } from "@playwright/test";
import { createMember, signInThroughPage } from "./fixtures/accounts";
import { SIGNED_OUT } from "./fixtures/credentials";

const PAGES = ["/", "/transcripts", "/transcripts/upload", "/runs", "/runs/new", "/criteria", "/review", "/settings", "/settings/tokens"];

/** Records CSP violations (the DOM event and the console's report) from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("object-src 'none'");
  expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
}

test("every page carries the CSP and frame protection, and loads and hydrates with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expectSecurityHeaders(response?.headers() ?? {});
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), path).toEqual([]);
  }
  // Client navigation and a server action work under the policy (they need the inline bootstrap).
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Criteria" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Criteria" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("API answers, assets and redirects carry the headers too", async ({ page, request }) => {
  expectSecurityHeaders((await request.get("/api/runs/nope/progress")).headers());
  await page.goto("/");
  const script = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[src]")?.src ?? "");
  expectSecurityHeaders((await request.get(script)).headers());
  const signedOut = await page.context().browser()?.newContext({ storageState: SIGNED_OUT, baseURL: new URL(page.url()).origin });
  const redirect = await signedOut?.request.get("/runs", { maxRedirects: 0 });
  expect(redirect?.status()).toBe(307);
  expectSecurityHeaders(redirect?.headers() ?? {});
  await signedOut?.close();
});

test("a server action posted from another site gets a 403 with a short reason, not a 500", async ({ page, request }) => {
  await page.goto("/settings");
  const crossSite = await request.post("/settings", {
    headers: { "next-action": "7f".repeat(21), origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toBe("Cross-site request refused: Callboard's actions can only be used from its own pages.");
  // A form posted from another site (no next-action header) is refused the same way.
  const form = await request.post("/sign-in", { headers: { origin: "https://evil.example" }, form: { email: "a@b.c", password: "x" } });
  expect(form.status()).toBe(403);
});

test.describe("sign-in locks", () => {
  test("an email locked by wrong passwords is shown to the admin, who unlocks it; the owner's own browser is never locked out", async ({ page, browser }) => {
    // Fifteen sign-ins, each a deliberately slow password hash.
    test.slow();
    const owner = await createMember(browser, "viewer");
    const email = owner.email;
    // The owner signs in once through the page, so this browser holds a device cookie.
    await owner.context.clearCookies();
    await signInThroughPage(owner.page, email, owner.password);
    await expect(owner.page).not.toHaveURL(/\/sign-in/);
    const stranger = await browser.newContext({ storageState: SIGNED_OUT });
    const guess = await stranger.newPage();
    const form = guess.getByRole("form", { name: "Sign in" });
    await guess.goto("/sign-in");
    // The alert stays the same between attempts: each attempt waits for its own answer.
    const attempt = async (password: string) => {
      const answered = guess.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/sign-in");
      await signInThroughPage(guess, email, password);
      await answered;
      // React empties the form once the refused action has settled: typing the next password before
      // that left it empty, and the browser then refused to submit (the run hung on a missing answer).
      await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
    };
    for (let i = 0; i < 10; i += 1) {
      await attempt(`guess number ${i}`);
      await expect(form.getByRole("alert")).toHaveText("Wrong email or password.");
    }
    await attempt("one more guess");
    await expect(form.getByRole("alert")).toHaveText("Too many wrong passwords for this email. Try again in 15 minutes.");
    // Even the right password is refused to the stranger's browser (its address has failed)...
    await attempt(owner.password);
    await expect(form.getByRole("alert")).toHaveText("Too many wrong passwords for this email. Try again in 15 minutes.");
    // ...but not to the owner's, from the same address: its device cookie is kept, its session dropped.
    await owner.context.clearCookies({ name: /session/ });
    await owner.page.goto("/sign-in");
    await signInThroughPage(owner.page, email, owner.password);
    await expect(owner.page).not.toHaveURL(/\/sign-in/);
    await owner.close();

    await page.goto("/settings");
    const locks = page.getByRole("table", { name: "Sign-in locks" });
    const row = locks.getByRole("row", { name: email });
    await expect(row).toContainText("10");
    await row.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByText("Unlocked: sign-in may be tried again at once.")).toBeVisible();
    await expect(locks.getByRole("row", { name: email })).toHaveCount(0);

    await attempt("after the unlock");
    await expect(form.getByRole("alert")).toHaveText("Wrong email or password.");
    await stranger.close();
  });
});
