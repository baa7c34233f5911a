import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { loadDemo, seedDemoIfEmpty } from "./seed";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeEach(async () => {
  db = await createTestDatabase("demo");
});
afterEach(async () => db.cleanup());

describe("the demo data", () => {
  it("loads every transcript through the importer, criteria of all four prefixes, and a finished run in both modes", async () => {
    const seeded = await loadDemo(db.prisma);
    expect(seeded.transcripts).toBeGreaterThanOrEqual(6);
    const kinds = await db.prisma.criterion.groupBy({ by: ["kind"], _count: true });
    expect(kinds.map((k) => k.kind).sort()).toEqual(["fails-if", "passes-if", "penalize", "reward"]);
    const run = await db.prisma.run.findFirstOrThrow({ include: { criteria: true } });
    expect(run).toMatchObject({ status: "done", mode: "both", judgeId: "checks", errorCount: 0 });
    expect(run.criteria).toHaveLength(4);
    expect(await db.prisma.evaluation.count({ where: { runId: run.id, status: { in: ["pending", "running", "error"] } } })).toBe(0);
    // The signature view needs something to show: some calls change verdict once the response is seen.
    expect(await db.prisma.callComparison.count({ where: { runId: run.id, flipped: true } })).toBeGreaterThan(0);
    // Warnings the demo was written to show are stored with their transcripts.
    expect(await db.prisma.transcript.count({ where: { warningCount: { gt: 0 } } })).toBeGreaterThan(0);
  });

  it("is only loaded into an empty database", async () => {
    await db.prisma.criterion.create({ data: { text: "Reward tool calls that are mine", kind: "reward", scale: "continuous", condition: "are mine" } });
    expect(await seedDemoIfEmpty(db.prisma)).toBeNull();
    expect(await db.prisma.transcript.count()).toBe(0);
  });
});
