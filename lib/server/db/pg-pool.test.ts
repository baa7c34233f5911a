import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "./client";
import { dialectOf } from "./dialect";
import { clientPool, withPgTransaction } from "./pg-pool";
import { createTestDatabase } from "../test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("pg_pool");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

const LIMITS = { maxWaitMs: 5_000, timeoutMs: 5_000 };
const insertSpanRow = (id: string) => `INSERT INTO "TraceSpan" ("traceId","spanId","data") VALUES ('${id}', 's', '{}')`;

describe("withPgTransaction (PostgreSQL only: npm run test:pg)", () => {
  it("commits what the work wrote when it resolves, on a connection of the client's own pool", async () => {
    if (dialectOf(prisma) !== "postgresql") return expect(() => clientPool(prisma)).toThrow(/not created by createPrisma for PostgreSQL/);
    expect(await withPgTransaction(prisma, LIMITS, async (tx) => (await tx.query(insertSpanRow("kept"))).rowCount)).toBe(1);
    expect(await prisma.traceSpan.findMany({ select: { traceId: true } })).toEqual([{ traceId: "kept" }]);
  });

  it("rolls back and rethrows when the work throws, a statement's error included, and the pool goes on", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    await expect(
      withPgTransaction(prisma, LIMITS, async (tx) => {
        await tx.query(insertSpanRow("gone"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(withPgTransaction(prisma, LIMITS, (tx) => tx.query(`${insertSpanRow("a")}, ('a', 's', '{}')`))).rejects.toThrow(/duplicate key/);
    await expect(withPgTransaction(prisma, { maxWaitMs: 5_000, timeoutMs: 50 }, (tx) => tx.query("SELECT pg_sleep(1)"))).rejects.toThrow(/statement timeout/);
    expect(await prisma.traceSpan.count()).toBe(0);
    await withPgTransaction(prisma, LIMITS, (tx) => tx.query(insertSpanRow("after")));
    expect(await prisma.traceSpan.count()).toBe(1);
  });

  it("refuses a client it did not make, and one that was disconnected", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    expect(() => clientPool({} as PrismaClient)).toThrow(/not created by createPrisma for PostgreSQL/);
    const other = createPrisma(db.url);
    await other.traceSpan.count();
    await other.$disconnect();
    expect(() => clientPool(other)).toThrow(/disconnected/);
  });
});
