import { expect, test, type APIRequestContext } from "@playwright/test";
import { acceptThroughPage, createMember, inviteThroughPage, signInThroughPage, uniqueEmail } from "./fixtures/accounts";
import { ADMIN, SIGNED_OUT } from "./fixtures/credentials";

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the first-run screen is gone once an admin exists", async ({ page }) => {
    await page.goto("/setup");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });

  test("a wrong password and an unknown email get the same message, and the email stays", async ({ page }) => {
    await signInThroughPage(page, ADMIN.email, "not-the-password");
    const form = page.getByRole("form", { name: "Sign in" });
    await expect(form.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(form.getByLabel("Email")).toHaveValue(ADMIN.email);
    await signInThroughPage(page, "nobody@e2e.test", ADMIN.password);
    await expect(form.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a page asked for while signed out opens after signing in, and only pages of this site do", async ({ page }) => {
    await page.goto("/criteria?archived=1");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcriteria%3Farchived%3D1$/);
    await signInThroughPage(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/criteria\?archived=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Criteria" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/sign-in?next=//evil.example/phish");
    await signInThroughPage(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

test("an admin invites a reviewer with a link; the reviewer joins, signs out and signs in again", async ({ page, browser }) => {
  // Several people sign in (scrypt, on purpose slow) and pages load in two browsers.
  test.slow();
  const email = uniqueEmail("reviewer");
  const link = await inviteThroughPage(page, email, "reviewer");
  await expect(page.getByRole("table", { name: "Invitations" }).getByRole("row", { name: email })).toContainText("reviewer");

  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const reviewer = await context.newPage();
  await reviewer.goto(link);
  await expect(reviewer.getByText(`${ADMIN.name} invited you as reviewer`)).toBeVisible();
  const form = reviewer.getByRole("form", { name: "Accept the invitation" });
  await form.getByLabel("Your name").fill("Rita Reviewer");
  await form.getByLabel("Password", { exact: true }).fill("rita-password-1");
  await form.getByLabel("Repeat the password").fill("rita-password-2");
  await form.getByRole("button", { name: "Join Callboard" }).click();
  await expect(form.getByText("The two passwords differ.")).toBeVisible();

  await acceptThroughPage(reviewer, link, "Rita Reviewer", "rita-password-1");
  await expect(reviewer.getByTestId("current-role")).toHaveText("reviewer");
  await reviewer.goto("/runs");
  await expect(reviewer.getByRole("link", { name: "New run" })).toBeVisible();

  // The link works once.
  const other = await browser.newContext({ storageState: SIGNED_OUT });
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByRole("main").getByRole("alert")).toHaveText("This invitation has already been used. Sign in instead.");
  await other.close();

  await page.goto("/settings");
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row", { name: "Rita Reviewer" })).toContainText(email);
  await expect(page.getByRole("table", { name: "Invitations" }).getByRole("row", { name: email })).toHaveCount(0);

  await reviewer.getByRole("button", { name: "Sign out" }).click();
  await expect(reviewer).toHaveURL(/\/sign-in$/);
  await reviewer.goto("/runs");
  await expect(reviewer).toHaveURL(/\/sign-in\?next=%2Fruns$/);
  await signInThroughPage(reviewer, email, "rita-password-1");
  await expect(reviewer).toHaveURL(/\/runs$/);
  await expect(reviewer.getByTestId("current-user")).toHaveText("Rita Reviewer");
  await context.close();
});

/** The request a server action form sends, captured from the admin's page without letting it through. */
async function captureCreateCriterion(page: import("@playwright/test").Page, text: string) {
  let captured: { headers: Record<string, string>; body: Buffer } | undefined;
  await page.route("**/criteria", async (route) => {
    const request = route.request();
    const body = request.postDataBuffer();
    if (request.method() === "POST" && request.headers()["next-action"] && body) {
      captured = { headers: request.headers(), body };
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await page.goto("/criteria");
  const form = page.getByRole("form", { name: "New criterion" });
  await form.getByLabel("Criterion").fill(text);
  await form.getByRole("button", { name: "Add criterion" }).click();
  await expect.poll(() => captured !== undefined).toBe(true);
  await page.unroute("**/criteria");
  const sent = captured as { headers: Record<string, string>; body: Buffer };
  const keep = ["next-action", "content-type", "accept", "origin", "next-router-state-tree"];
  const headers = Object.fromEntries(Object.entries(sent.headers).filter(([name]) => keep.includes(name)));
  return (request: APIRequestContext) => request.post("/criteria", { headers, data: sent.body });
}

test("a viewer sees no controls to change anything, and the server refuses their changes anyway", async ({ page, browser }) => {
  // Several people sign in (scrypt, on purpose slow) and pages load in two browsers.
  test.slow();
  const viewer = await createMember(browser, "viewer");
  const v = viewer.page;
  await expect(v.getByTestId("current-role")).toHaveText("viewer");

  await v.goto("/criteria");
  await expect(v.getByRole("list", { name: "Criteria" }).getByRole("listitem").first()).toBeVisible();
  await expect(v.getByRole("form", { name: "New criterion" })).toHaveCount(0);
  await expect(v.getByRole("button", { name: /^(Edit|Archive|Add all)/ })).toHaveCount(0);
  await v.goto("/transcripts");
  await expect(v.getByRole("table", { name: "Transcripts" })).toBeVisible();
  await expect(v.getByRole("link", { name: "Upload transcripts" })).toHaveCount(0);
  await v.goto("/runs");
  await expect(v.getByRole("link", { name: "New run" })).toHaveCount(0);
  for (const path of ["/runs/new", "/transcripts/upload", "/settings"]) {
    const response = await v.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(v.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  }

  // The server action behind "Add criterion", sent with the viewer's cookies: refused, nothing stored.
  const text = `Tool call passes if the e2e viewer check ${Date.now()} holds`;
  const replay = await captureCreateCriterion(page, text);
  const refused = await replay(v.request);
  expect(await refused.text()).toContain("Your role (viewer) does not allow this.");
  await page.goto("/criteria");
  await expect(page.getByText(text)).toHaveCount(0);
  // The very same request from the admin is accepted: the role made the difference.
  expect(await (await replay(page.request)).text()).toContain("Criterion added.");
  await page.goto("/criteria");
  await expect(page.getByText(text)).toBeVisible();

  // An upload through the API with the viewer's session.
  const upload = await v.request.post("/api/transcripts?file=viewer.json", { data: { messages: [{ role: "user", content: "hi" }] } });
  expect(upload.status()).toBe(403);
  expect((await upload.json()).error).toContain("Your role (viewer) does not allow this.");
  await viewer.close();
});

test("an admin changes a member's role and removes them: the change applies at once", async ({ page, browser }) => {
  // Several people sign in (scrypt, on purpose slow) and pages load in two browsers.
  test.slow();
  const member = await createMember(browser, "reviewer");
  await member.page.goto("/runs");
  await expect(member.page.getByRole("link", { name: "New run" })).toBeVisible();

  await page.goto("/settings");
  const row = page.getByRole("table", { name: "Members" }).getByRole("row", { name: member.name });
  await row.getByLabel(`Role of ${member.name}`).selectOption("viewer");
  await expect(page.getByText(`${member.name} is now a viewer.`)).toBeVisible();
  await member.page.reload();
  await expect(member.page.getByTestId("current-role")).toHaveText("viewer");
  await expect(member.page.getByRole("link", { name: "New run" })).toHaveCount(0);

  // No one changes their own role (the service also refuses to demote the last admin).
  const own = page.getByRole("table", { name: "Members" }).getByRole("row", { name: ADMIN.name, exact: true });
  await expect(own.getByLabel(`Role of ${ADMIN.name}`)).toHaveCount(0);
  await expect(own).toContainText("admin");

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("table", { name: "Members" }).getByRole("row", { name: member.name }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`${member.name} was removed`)).toBeVisible();

  await member.page.goto("/runs");
  await expect(member.page).toHaveURL(/\/sign-in/);
  await signInThroughPage(member.page, member.email, member.password);
  await expect(member.page.getByRole("main").getByRole("alert")).toHaveText("This account has been removed. Ask an admin to invite you again.");
  await member.close();
});

test("someone signed in is sent on by the sign-in page, never off the site (issue 31)", async ({ page }) => {
  const tricks = ["/.//evil.example/phish", "/..//evil.example/phish", "/%252e%252e//evil.example/phish", "/a/..//evil.example/phish", "/%255cevil.example", "/%252f%252fevil.example", "%2F%5Cevil.example", "%2F%09%2Fevil.example"];
  for (const next of tricks) {
    const response = await page.request.get(`/sign-in?next=${next}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(307);
    const target = new URL(response.headers()["location"], response.url());
    expect(target.origin, next).toBe(new URL(response.url()).origin);
    expect(target.pathname, next).toBe("/");
  }
  const onSite = await page.request.get("/sign-in?next=%2Fruns%3Fpage%3D2", { maxRedirects: 0 });
  expect(new URL(onSite.headers()["location"], onSite.url()).pathname).toBe("/runs");
});
