import { describe, expect, it } from "vitest";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { materialiseBatch } from "@/lib/runs/server/materialise-run";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { dialectOf } from "./dialect";
import { materialiseStatisticsDue } from "./refresh-statistics";

describe("when a run's rows are analysed while they are created", () => {
  it("after its 1st, 4th, 16th and 64th batch, and after its last", () => {
    const due = Array.from({ length: 70 }, (_, i) => i + 1).filter((batch) => materialiseStatisticsDue(batch, false));
    expect(due).toEqual([1, 4, 16, 64]);
    expect(materialiseStatisticsDue(7, true)).toBe(true);
    expect(materialiseStatisticsDue(1, true)).toBe(true);
  });
});

// On the test database of CALLBOARD_TEST_DATABASE: PostgreSQL with npm run test:pg.
describe("a run materialised in batches on PostgreSQL", () => {
  it("has its rows analysed by the time its last batch is in, so that pages are planned for its size", async () => {
    const db = await createTestDatabase("statistics");
    try {
      const prisma = db.prisma;
      if (dialectOf(prisma) !== "postgresql") return;
      await seedDemo(prisma);
      const estimated = async () => (await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'Evaluation'`))[0].n;
      const criterionIds = (await prisma.criterion.findMany({ take: 2, select: { id: true } })).map((row) => row.id);
      const run = await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" }), new Date(), { inlineEvaluations: 0 });
      await materialiseBatch(prisma, run.runId, 3);
      const before = await estimated();
      // Small batches, too few rows to analyse before the last of them.
      for (let batch = await materialiseBatch(prisma, run.runId, 3); batch && !batch.finished; ) batch = await materialiseBatch(prisma, run.runId, 3);
      const stored = await prisma.evaluation.count();
      expect(stored).toBeGreaterThan(Math.max(before, 0));
      expect(await estimated()).toBe(stored);
    } finally {
      await db.cleanup();
    }
  });
});
