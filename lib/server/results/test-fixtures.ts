import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seedDemo } from "@/lib/server/demo/seed";
import { createRun } from "@/lib/server/runs/create-run";
import { createTestDatabase } from "@/lib/server/test-database";
import { runUntilIdle } from "@/lib/server/worker/run-until-idle";
import { newRunSchema } from "@/lib/zod/runs";

export interface JudgedDemo {
  prisma: PrismaClient;
  /** Every demo criterion, judged immediately and in hindsight. */
  bothRunId: string;
  /** The first three criteria (by text), judged immediately. */
  immediateRunId: string;
  /** Sorted by text. */
  criterionIds: string[];
  cleanup(): Promise<void>;
}

/**
 * The demo data judged by the built-in checks (offline, deterministic) in two runs, as the app
 * would have them: the tests read results the real worker wrote, comparisons included.
 */
export async function judgedDemo(label: string): Promise<JudgedDemo> {
  const db = await createTestDatabase(`results-${label}`);
  const prisma = db.prisma;
  await seedDemo(prisma);
  const criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
  const both = await createRun(prisma, newRunSchema.parse({ name: "both run", selection: { kind: "all" }, criterionIds, mode: "both" }));
  const immediate = await createRun(prisma, newRunSchema.parse({ name: "immediate run", selection: { kind: "all" }, criterionIds: criterionIds.slice(0, 3), mode: "immediate" }));
  let failure: unknown = null;
  await runUntilIdle({ prisma, onError: (error) => (failure ??= error) });
  if (failure) throw failure;
  return { prisma, bothRunId: both.runId, immediateRunId: immediate.runId, criterionIds, cleanup: db.cleanup };
}
