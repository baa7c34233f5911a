import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrisma } from "./client";
import { applyMigrations } from "./schema-engine";
import { BUSY_TIMEOUT_MS } from "./sqlite";
import { InvalidDatabaseUrlError } from "./url";

let tmp: string;
let file: string;
let prisma: PrismaClient;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-client-"));
  file = path.join(tmp, "callboard.db");
  await applyMigrations(`file:${file}`);
  prisma = createPrisma(`file:${file}`);
});

afterAll(async () => {
  await prisma.$disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function pragma(name: string): Promise<unknown> {
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  return Object.values(rows[0])[0];
}

// Holds the write lock from another process, as the evaluation worker would.
function holdWriteLock(key: string, ms: number): { locked: Promise<void>; done: Promise<number | null> } {
  const script = `
    const db = new (require("better-sqlite3"))(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    db.prepare('INSERT INTO "JudgeCache" ("key", "judgeId", "result") VALUES (?, ?, ?)').run(process.argv[2], "checks", "{}");
    process.stdout.write("locked\\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec("COMMIT");
    db.close();`;
  const child = spawn(process.execPath, ["-e", script, file, key], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", () => reject(new Error("lock holder exited before locking")));
  });
  const done = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { locked, done };
}

describe("createPrisma", () => {
  it("runs SQLite in WAL mode with a busy timeout", async () => {
    expect(await pragma("journal_mode")).toBe("wal");
    expect(Number(await pragma("busy_timeout"))).toBe(BUSY_TIMEOUT_MS);
    // better-sqlite3 enables foreign keys by default; the schema's cascades depend on it.
    expect(Number(await pragma("foreign_keys"))).toBe(1);
  });

  it("reads and writes through the migrated schema", async () => {
    const created = await prisma.criterion.create({
      data: { text: "reward: calls the right tool", kind: "reward", scale: "continuous", condition: "calls the right tool" },
    });
    expect(await prisma.criterion.findUnique({ where: { id: created.id } })).toMatchObject({ archived: false, source: "user" });
  });

  it("reads while another process writes, and waits for that writer instead of failing", async () => {
    const { locked, done } = holdWriteLock("from-worker", 2_000);
    await locked;
    let released = false;
    void done.then(() => (released = true));

    // The read is answered while the other process still holds the lock: it did not wait for that writer.
    expect(await prisma.judgeCache.count({ where: { key: "from-worker" } })).toBe(0);
    expect(released).toBe(false);

    const writeStarted = performance.now();
    await prisma.judgeCache.create({ data: { key: "from-server", judgeId: "checks", result: {} } });
    expect(performance.now() - writeStarted).toBeGreaterThan(200);

    expect(await done).toBe(0);
    expect(await prisma.judgeCache.count({ where: { key: { in: ["from-worker", "from-server"] } } })).toBe(2);
  });

  it("lets a transaction that reads then writes wait for another process's write too", async () => {
    const { locked, done } = holdWriteLock("from-worker-2", 400);
    await locked;
    const claimed = await prisma.$transaction(async (tx) => {
      const seen = await tx.judgeCache.count();
      await tx.judgeCache.create({ data: { key: "claimed", judgeId: "checks", result: { seen } } });
      return seen;
    });
    expect(await done).toBe(0);
    // The write lock was taken before the read, so the read already saw the other writer's row.
    expect(await prisma.judgeCache.findUnique({ where: { key: "claimed" } })).toMatchObject({ result: { seen: claimed } });
  });

  it("still rolls transactions back", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.judgeCache.create({ data: { key: "rolled-back", judgeId: "checks", result: {} } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await prisma.judgeCache.count({ where: { key: "rolled-back" } })).toBe(0);
    await prisma.$transaction([prisma.judgeCache.create({ data: { key: "batched", judgeId: "checks", result: {} } })]);
    expect(await prisma.judgeCache.count({ where: { key: "batched" } })).toBe(1);
  });

  it("creates the database file and its directory on first use", async () => {
    const fresh = path.join(tmp, "new-dir", "first.db");
    const client = createPrisma(`file:${fresh}`);
    try {
      expect(fs.existsSync(fresh)).toBe(true);
      expect(await client.$queryRawUnsafe("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
    } finally {
      await client.$disconnect();
    }
  });

  it("rejects a DATABASE_URL that is neither a SQLite file nor a PostgreSQL URL", () => {
    expect(() => createPrisma("mysql://localhost/callboard")).toThrow(InvalidDatabaseUrlError);
    expect(() => createPrisma("mysql://localhost/callboard")).toThrow(/must be a SQLite file URL .* or a PostgreSQL URL/);
    expect(() => createPrisma("postgresql://localhost")).toThrow(/names no database/);
  });
});
