import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { dialectOf } from "@/lib/server/db/dialect";
import { withPgTransaction } from "@/lib/server/db/pg-pool";
import { seedDemo } from "@/lib/server/demo/seed";
import { createRun } from "@/lib/server/runs/create-run";
import { materialiseBatch } from "@/lib/server/runs/materialise-run";
import { createTestDatabase, type TestDatabase } from "@/lib/server/test-database";
import { newRunSchema } from "@/lib/zod/runs";
import { materialisingElsewhere } from "./materialise";

// On the test database of CALLBOARD_TEST_DATABASE: PostgreSQL with npm run test:pg.
let db: TestDatabase;
let prisma: PrismaClient;
let runId: string;
beforeEach(async () => {
  db = await createTestDatabase("materialise");
  prisma = db.prisma;
  await seedDemo(prisma);
  const criterionIds = (await prisma.criterion.findMany({ take: 2, select: { id: true } })).map((row) => row.id);
  runId = (await createRun(prisma, newRunSchema.parse({ selection: { kind: "all" }, criterionIds, mode: "both" }), new Date(), { inlineEvaluations: 0 })).runId;
});
afterEach(() => db.cleanup());

const rows = () => prisma.evaluation.count({ where: { runId } });
const LIMITS = { maxWaitMs: 5_000, timeoutMs: 10_000 };

describe("creating a run's rows on PostgreSQL (npm run test:pg)", () => {
  it("is left to the process creating them: another reads nothing and writes nothing meanwhile, then goes on", async () => {
    if (dialectOf(prisma) !== "postgresql") return;
    await materialiseBatch(prisma, runId, 3);
    const first = await rows();
    // Another process in the middle of a batch of this run: it holds the run's creation lock.
    await withPgTransaction(prisma, LIMITS, async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('callboard:materialise'), hashtext($1))`, [runId]);
      expect(await materialisingElsewhere(prisma, runId)).toBe(true);
      expect(await materialiseBatch(prisma, runId, 3)).toBeNull();
      expect(await rows()).toBe(first);
    });
    expect(await materialisingElsewhere(prisma, runId)).toBe(false);
    expect(await materialiseBatch(prisma, runId, 3)).toEqual({ inserted: first, finished: false });
    expect(await rows()).toBe(2 * first);
  });
});
