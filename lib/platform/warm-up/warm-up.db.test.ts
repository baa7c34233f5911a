import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestContext, type AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";
import { warmUpServer } from "./warm-up";

let context: AccountsTestContext;
beforeAll(async () => {
  context = await createAccountsTestContext("warm-up");
}, 60_000);
afterAll(() => context.cleanup());

describe("warming up the web server", () => {
  it("starts the client on the real database and says so", async () => {
    const lines: string[] = [];
    expect(await warmUpServer(() => context.prisma, () => context.auth, (line) => lines.push(line))).toBe(true);
    expect(lines).toEqual([]);
  });

  it("logs and goes on when the database cannot be reached, never failing start-up", async () => {
    const lines: string[] = [];
    const unreachable = () => {
      throw new Error("DATABASE_URL names no database");
    };
    expect(await warmUpServer(unreachable, () => context.auth, (line) => lines.push(line))).toBe(false);
    expect(lines).toEqual(["callboard: warming up the database client failed (DATABASE_URL names no database); pages will start it on first use"]);
  });
});
