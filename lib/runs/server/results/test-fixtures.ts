import type { PrismaClient } from "@/lib/generated/prisma/client";
import { seedDemo } from "@/lib/demo/server/seed";
import { createRun } from "@/lib/runs/server/create-run";
import { createTestDatabase } from "@/lib/platform/db/test-database";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { newRunSchema } from "@/lib/runs/schemas/runs";

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

/** Where global setup (test-global-setup.ts) left the judged demo database that judgedDemo copies. */
export const JUDGED_DEMO_VARIABLE = "CALLBOARD_TEST_JUDGED_DEMO";
const BOTH_RUN = "both run";
const IMMEDIATE_RUN = "immediate run";

/** Seeds the demo data into `prisma` and judges it in the two runs judgedDemo describes. */
export async function judgeDemo(prisma: PrismaClient): Promise<void> {
  await seedDemo(prisma);
  const criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
  await createRun(prisma, newRunSchema.parse({ name: BOTH_RUN, selection: { kind: "all" }, criterionIds, mode: "both" }));
  await createRun(prisma, newRunSchema.parse({ name: IMMEDIATE_RUN, selection: { kind: "all" }, criterionIds: criterionIds.slice(0, 3), mode: "immediate" }));
  let failure: unknown = null;
  await runUntilIdle({ prisma, onError: (error) => (failure ??= error) });
  if (failure) throw failure;
}

/**
 * The demo data judged by the built-in checks (offline, deterministic) in two runs, as the app
 * would have them: the tests read results the real worker wrote, comparisons included. A copy of
 * the one global setup judged, when there is one; judged here otherwise.
 */
export async function judgedDemo(label: string): Promise<JudgedDemo> {
  const template = process.env[JUDGED_DEMO_VARIABLE];
  const db = await createTestDatabase(`results-${label}`, template);
  const prisma = db.prisma;
  if (!template) await judgeDemo(prisma);
  const runs = await prisma.run.findMany({ where: { name: { in: [BOTH_RUN, IMMEDIATE_RUN] } }, select: { id: true, name: true } });
  const runId = (name: string) => runs.find((run) => run.name === name)?.id ?? "";
  const criterionIds = (await prisma.criterion.findMany({ orderBy: { text: "asc" }, select: { id: true } })).map((row) => row.id);
  return { prisma, bothRunId: runId(BOTH_RUN), immediateRunId: runId(IMMEDIATE_RUN), criterionIds, cleanup: db.cleanup };
}
