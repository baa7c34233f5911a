import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { createApiTokenThroughPage, signInThroughPage } from "./fixtures/accounts";
import { ADMIN, ADMIN_STATE, ADMIN_TOKEN_FILE, AUTH_DIR } from "./fixtures/credentials";

// Runs before the ui and api projects: the admin (made at start-up from CALLBOARD_ADMIN_*)
// signs in through the real sign-in page, and makes the API token the api specs send.
setup("sign in as the admin and keep the session and an API token", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInThroughPage(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId("current-user")).toHaveText(ADMIN.name);
  await expect(page.getByTestId("current-role")).toHaveText("admin");
  mkdirSync(AUTH_DIR, { recursive: true });
  await page.context().storageState({ path: ADMIN_STATE });
  writeFileSync(ADMIN_TOKEN_FILE, await createApiTokenThroughPage(page, "e2e api specs"), { mode: 0o600 });
});
