import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seedDemoIfEmpty } from "@/lib/demo/server/seed";
import { createTestDatabase } from "./test-database";
import { withFileLock, withStartupLock } from "./startup-lock";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("startup");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

/** Two start-ups under `lock`, each reading then writing: either may go first, neither reads while the other is between its read and its write. */
async function expectTurns(lock: (work: () => Promise<void>) => Promise<void>): Promise<void> {
  const events: string[] = [];
  const startUp = (name: string) =>
    lock(async () => {
      events.push(`${name} reads`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push(`${name} writes`);
    });
  await Promise.all([startUp("first"), startUp("second")]);
  const [a, b] = [events[0].split(" ")[0], events[2].split(" ")[0]];
  expect(new Set([a, b])).toEqual(new Set(["first", "second"]));
  expect(events).toEqual([`${a} reads`, `${a} writes`, `${b} reads`, `${b} writes`]);
}

describe("withStartupLock", () => {
  it("runs one start-up's steps at a time", async () => {
    await expectTurns((work) => withStartupLock(prisma, work));
  });

  it("loads the demo data once when two servers start together on an empty database", async () => {
    const results = await Promise.all([withStartupLock(prisma, () => seedDemoIfEmpty(prisma)), withStartupLock(prisma, () => seedDemoIfEmpty(prisma))]);
    const loaded = results.filter((result) => result !== null);
    expect(loaded).toHaveLength(1);
    expect(await prisma.transcript.count()).toBe(loaded[0]!.transcripts);
    expect(await prisma.run.count()).toBe(1);
  });

  it("lets the next start-up go on after one failed", async () => {
    const failing = withStartupLock(prisma, async () => {
      throw new Error("migration of data failed");
    });
    await expect(failing).rejects.toThrow("migration of data failed");
    expect(await withStartupLock(prisma, async () => "next")).toBe("next");
  });
});

describe("withFileLock (start-ups of several processes on one SQLite file)", () => {
  let dir: string;
  let holder: ChildProcess | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-lock-"));
  });
  afterEach(() => {
    holder?.kill("SIGKILL");
    holder = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another process that takes the lock and keeps it until it is killed. */
  async function holdInAnotherProcess(file: string): Promise<ChildProcess> {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const script = `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)}); db.exec("BEGIN EXCLUSIVE"); console.log("locked"); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
      child.once("exit", (code) => reject(new Error(`the lock holder exited (${code})`)));
    });
    return child;
  }

  it("runs one holder's work at a time, between connections that only share the file", async () => {
    const file = path.join(dir, "callboard.db.startup-lock");
    await expectTurns((work) => withFileLock(file, work));
  });

  it("waits while another process holds it, and goes on once that process has died", async () => {
    const file = path.join(dir, "callboard.db.startup-lock");
    holder = await holdInAnotherProcess(file);
    let ran = false;
    const waiting = withFileLock(file, async () => {
      ran = true;
      return "started";
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ran).toBe(false);
    holder.kill("SIGKILL");
    expect(await waiting).toBe("started");
  });

  it("gives up with a message when another process keeps it past the wait", async () => {
    const file = path.join(dir, "callboard.db.startup-lock");
    holder = await holdInAnotherProcess(file);
    await expect(withFileLock(file, async () => "never", 300)).rejects.toThrow(/held the start-up lock .*callboard\.db\.startup-lock for 0\.3 s/);
  });
});
