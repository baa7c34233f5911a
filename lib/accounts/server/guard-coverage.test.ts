import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every page, route handler and server action must check the session and role on the server.
 * This fails when a new one forgets: the header hiding a button is not a check.
 */
const root = path.resolve(import.meta.dirname, "../../..");

// Public by design, each doing its own check: the first-run screen only while nobody exists,
// sign-in by the password, the invitation by its single-use link, sign-out by the session.
const PUBLIC = new Set([
  "app/sign-in/page.tsx",
  "app/setup/page.tsx",
  "app/invite/[token]/page.tsx",
  "lib/accounts/actions/sign-in.ts",
  "lib/accounts/actions/sign-out.ts",
  "lib/accounts/actions/create-first-admin.ts",
  "lib/accounts/actions/accept-invitation.ts",
]);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
const appFiles = walk(path.join(root, "app")).map(relative);

// Comments and strings mentioning a guard do not count: only a call whose result is used does.
const calls = (source: string, guard: string) =>
  new RegExp(`(?:await|return)\\s+(?:${guard})\\s*[(<]`).test(source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""));

// Actions go through the action client's memberAction, which calls authorizeAction before the input is read.
const memberActionCall = /\bmemberAction\s*\(\s*["'][\w-]+["']\s*\)/;
// The evaluation API's routes go through authorizeEvalRequest, which reads API-Key and then calls authorizeRequest.
const ROUTE_GUARDS = "authorizeRequest|authorizeEvalRequest";

function unguarded(files: string[], guard: string): string[] {
  return files.filter((file) => !PUBLIC.has(file) && !calls(fs.readFileSync(path.join(root, file), "utf8"), guard));
}

describe("guards", () => {
  it("every page calls requirePageUser", () => {
    const pages = appFiles.filter((f) => f.endsWith("/page.tsx"));
    expect(pages.length).toBeGreaterThan(10);
    expect(unguarded(pages, "requirePageUser")).toEqual([]);
  });

  it("every route handler calls authorizeRequest", () => {
    const routes = appFiles.filter((f) => /\/route\.tsx?$/.test(f));
    expect(routes.length).toBeGreaterThan(5);
    expect(unguarded(routes, ROUTE_GUARDS)).toEqual([]);
  });

  it("authorizeEvalRequest, which the evaluation API's routes use, calls authorizeRequest", () => {
    expect(unguarded(["lib/accounts/server/eval-api-auth.ts"], "authorizeRequest")).toEqual([]);
  });

  it("every server action goes through memberAction", () => {
    // Each feature keeps its actions in lib/<feature>/actions/.
    const actions = walk(path.join(root, "lib"))
      .map(relative)
      .filter((file) => /^lib\/[^/]+\/actions\/[^/]+\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .filter((file) => /^\s*["']use server["']/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(actions.length).toBeGreaterThan(15);
    const uncommented = (file: string) => fs.readFileSync(path.join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(actions.filter((file) => !PUBLIC.has(file) && !memberActionCall.test(uncommented(file)))).toEqual([]);
  });

  it("memberAction, which the actions use, calls authorizeAction", () => {
    expect(unguarded(["lib/platform/actions/action-client.ts"], "authorizeAction")).toEqual([]);
  });

  it("the public allow-list names only files that exist", () => {
    expect([...PUBLIC].filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });
});
