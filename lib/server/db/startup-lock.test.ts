import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seedDemoIfEmpty } from "../demo/seed";
import { createTestDatabase } from "../test-database";
import { withStartupLock } from "./startup-lock";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prisma: PrismaClient;
beforeEach(async () => {
  db = await createTestDatabase("startup");
  prisma = db.prisma;
});
afterEach(async () => db.cleanup());

describe("withStartupLock", () => {
  it("runs one start-up's steps at a time", async () => {
    const events: string[] = [];
    const startUp = (name: string) =>
      withStartupLock(prisma, async () => {
        events.push(`${name} reads`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        events.push(`${name} writes`);
      });
    await Promise.all([startUp("first"), startUp("second")]);
    // Either may go first; neither reads while the other is between its read and its write.
    const [a, b] = [events[0].split(" ")[0], events[2].split(" ")[0]];
    expect(new Set([a, b])).toEqual(new Set(["first", "second"]));
    expect(events).toEqual([`${a} reads`, `${a} writes`, `${b} reads`, `${b} writes`]);
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
