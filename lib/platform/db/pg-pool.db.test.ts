import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "./client";
import { dialectOf } from "./dialect";
import { clientPool, pgQuery, utcTimestamps, withPgTransaction } from "./pg-pool";
import { executeSql } from "./sql-target";
import { createTestDatabase } from "./test-database";

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

describe("timestamps past Prisma (PostgreSQL only)", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("are written and read back as UTC, as Prisma stores DateTime, whatever the process's time zone", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    // Far from UTC, so that a local-time reading or writing would move the instant by hours.
    process.env.TZ = "Pacific/Kiritimati";
    const at = new Date("2026-01-02T03:04:05.678Z");
    const whole = new Date("2026-01-02T03:04:05.000Z");
    await withPgTransaction(prisma, LIMITS, async (tx) => {
      await executeSql(tx, `INSERT INTO "TraceSpan" ("traceId","spanId","data","receivedAt") VALUES ($1, 's', '{}', $2), ($3, 's', '{}', $4)`, ["a", at, "b", whole]);
    });
    expect((await prisma.traceSpan.findMany({ orderBy: { traceId: "asc" }, select: { receivedAt: true } })).map((row) => row.receivedAt)).toEqual([at, whole]);
    const rows = await pgQuery<{ receivedAt: Date }>(prisma, { text: `SELECT "receivedAt" FROM "TraceSpan" ORDER BY "traceId"`, types: utcTimestamps });
    expect(rows.map((row) => row.receivedAt)).toEqual([at, whole]);
  });
});

describe("the clients' connection settings (PostgreSQL only: npm run test:pg)", () => {
  /** A setting as the client's connections have it, through Prisma and past it (pg-pool.ts). */
  const shown = async (client: PrismaClient, name: "max_parallel_workers_per_gather" | "jit") => {
    const viaPrisma = await client.$queryRawUnsafe<{ value: string }[]>(`SELECT current_setting('${name}') AS value`);
    const pastPrisma = await pgQuery<{ value: string }>(client, `SELECT current_setting('${name}') AS value`);
    return [viaPrisma[0].value, pastPrisma[0].value];
  };

  it("runs no parallel workers on either client's connections, and compiles no query on the web's (jit off)", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    const worker = createPrisma(db.url, { background: true });
    try {
      expect(await shown(worker, "max_parallel_workers_per_gather")).toEqual(["0", "0"]);
      expect(await shown(prisma, "max_parallel_workers_per_gather")).toEqual(["0", "0"]);
      // The server's own is not (2 unless its configuration says otherwise): the clients set it.
      const [server] = await prisma.$queryRawUnsafe<{ setting: string }[]>("SELECT boot_val AS setting FROM pg_settings WHERE name = 'max_parallel_workers_per_gather'");
      expect(server.setting).not.toBe("0");
      expect(await shown(prisma, "jit")).toEqual(["off", "off"]);
      // The worker's keeps the server's: the test cluster (pg-cluster.ts) leaves PostgreSQL's default.
      expect(await shown(worker, "jit")).toEqual(["on", "on"]);
    } finally {
      await worker.$disconnect();
    }
  });
});
