import { adminContext, createApiTokenThroughPage, createMember } from "../fixtures/accounts";
import { expect, test } from "../fixtures/api";
import { ADMIN_STATE, SIGNED_OUT } from "../fixtures/credentials";

const evalBody = {
  messages: [
    { role: "user", content: "What's the weather in Paris?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }],
  evaluation_criteria: "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
};

test("without a token every route answers 401 and says how to authenticate", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ storageState: SIGNED_OUT });
  const requests: [string, string][] = [
    ["POST", "/api/transcripts"],
    ["GET", "/api/runs/some-run/progress"],
    ["GET", "/api/runs/some-run/export?format=csv"],
    ["GET", "/api/transcripts/some-transcript/raw"],
  ];
  for (const [method, path] of requests) {
    const response = await anonymous.fetch(path, { method, ...(method === "POST" ? { data: evalBody } : {}) });
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect(response.headers()["www-authenticate"]).toContain("Bearer");
    expect((await response.json()).error).toBe("Sign in, or send an API token as `Authorization: Bearer <token>`.");
  }
  // The evaluation API also takes the token in API-Key (its SDK's only header), and says so, FastAPI-style.
  for (const path of ["/api/v1/evals/reward", "/api/v1/evals/binary", "/api/v1/evals/trace", "/api/v1/evals/reward/background", "/api/v1/evals/nothing-here"]) {
    const response = await anonymous.post(path, { data: evalBody });
    expect(response.status(), path).toBe(401);
    expect(response.headers()["www-authenticate"]).toContain("API-Key");
    const message = "Send a Callboard API token as `API-Key: <token>` or `Authorization: Bearer <token>` (Settings → API tokens), or sign in.";
    expect(await response.json()).toEqual({ error: message, detail: message });
  }
  const unknown = await anonymous.post("/api/v1/evals/reward", { data: evalBody, headers: { authorization: "Bearer cb_this-token-does-not-exist" } });
  expect(unknown.status()).toBe(401);
  expect((await unknown.json()).error).toContain("unknown or revoked");
  await anonymous.dispose();
});

test("a token works until it is revoked, then answers 401", async ({ browser, playwright }) => {
  const admin = await adminContext(browser);
  const page = await admin.newPage();
  const name = `to revoke ${Date.now()}`;
  const token = await createApiTokenThroughPage(page, name);
  const client = await playwright.request.newContext({ storageState: SIGNED_OUT, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await client.post("/api/v1/evals/binary", { data: evalBody })).status()).toBe(200);

  await page.getByRole("table", { name: "Your tokens" }).getByRole("row", { name }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Token “${name}” revoked`)).toBeVisible();
  const after = await client.post("/api/v1/evals/binary", { data: evalBody });
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toContain("unknown or revoked");
  await client.dispose();
  await admin.close();
});

test("a viewer's token reads, but uploads and evaluations get 403", async ({ browser, playwright }) => {
  test.slow();
  const viewer = await createMember(browser, "viewer");
  const token = await createApiTokenThroughPage(viewer.page, "viewer CI");
  const client = await playwright.request.newContext({ storageState: SIGNED_OUT, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const upload = await client.post("/api/transcripts?file=viewer.json", { data: evalBody });
  expect(upload.status()).toBe(403);
  expect((await upload.json()).error).toBe("Your role (viewer) does not allow this. Ask an admin if you need it.");
  for (const path of ["/api/v1/evals/reward", "/api/v1/evals/binary"]) {
    expect((await client.post(path, { data: evalBody })).status(), path).toBe(403);
  }
  // Reading is allowed: an unknown run is simply not found.
  expect((await client.get("/api/runs/no-such-run/progress")).status()).toBe(404);
  await client.dispose();
  await viewer.close();
});

test("a session cookie cannot be used for a write from another site", async ({ playwright, baseURL }) => {
  const signedIn = await playwright.request.newContext({ storageState: ADMIN_STATE });
  const crossSite = await signedIn.post("/api/transcripts?file=x.json", { data: evalBody, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).error).toBe("Cross-site requests cannot use your session. Use an API token.");
  // From our own pages the same session may write (the body is just not a transcript).
  const sameOrigin = await signedIn.post("/api/transcripts?file=x.json", { data: "{oops", headers: { origin: baseURL ?? "", "sec-fetch-site": "same-origin" } });
  expect(sameOrigin.status()).toBe(400);
  await signedIn.dispose();
});
